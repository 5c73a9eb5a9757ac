import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

/**
 * The interfaces of this machine, by name (the shape of `os.networkInterfaces()`).
 *
 * @example
 * ```ts
 * const interfaces: Interfaces = { eth0: [{ address: '192.168.1.20', family: 'IPv4', internal: false, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }] };
 * ```
 */
export type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

function urlOf(address: string, port: number): string {
  return address.includes(':') ? `http://[${address}]:${port}/` : `http://${address}:${port}/`;
}

/**
 * The URLs a browser can open to reach a server bound to `host`:`port`. A wildcard address
 * (`0.0.0.0`, `::`) is not one a browser can open, so it becomes `localhost` followed by this machine's
 * other addresses (IPv4 for `0.0.0.0`; IPv4 and IPv6 for `::`, which also accepts IPv4). Link-local IPv6
 * addresses are left out, since they need a zone that browsers do not take in URLs. Any other host is
 * its own single URL.
 *
 * @example
 * ```ts
 * reachableUrls('0.0.0.0', 5178); // ['http://localhost:5178/', 'http://192.168.1.20:5178/', ...]
 * reachableUrls('127.0.0.1', 5178); // ['http://127.0.0.1:5178/']
 * ```
 */
export function reachableUrls(
  host: string,
  port: number,
  interfaces: Interfaces = networkInterfaces(),
): string[] {
  const ipv4Wildcard = host === '0.0.0.0';
  const anyWildcard = host === '::' || host === '::0' || host === '0:0:0:0:0:0:0:0';
  if (!ipv4Wildcard && !anyWildcard) return [urlOf(host, port)];
  const urls = [`http://localhost:${port}/`];
  for (const list of Object.values(interfaces)) {
    for (const info of list ?? []) {
      if (info.internal) continue;
      if (info.family === 'IPv6' && (ipv4Wildcard || info.scopeid !== 0 || /^fe80:/i.test(info.address)))
        continue;
      const url = urlOf(info.address, port);
      if (!urls.includes(url)) urls.push(url);
    }
  }
  return urls;
}
