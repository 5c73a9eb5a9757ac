/**
 * The one piece of Node's `util` that natural's tokenizers use in a browser bundle: `inherits`, the
 * pre-class way of making one constructor extend another. Vite maps `util` here (see vite.config.ts).
 */
export function inherits(constructor: Function, superConstructor: Function): void {
  Object.setPrototypeOf(constructor.prototype, superConstructor.prototype);
  Object.setPrototypeOf(constructor, superConstructor);
}

export default { inherits };
