/** A constructor function, as natural's pre-class code writes them. */
type Constructor = (abstract new (...args: never[]) => unknown) | ((...args: never[]) => unknown);

/**
 * The one piece of Node's `util` that natural's tokenizers use in a browser bundle: `inherits`, the
 * pre-class way of making one constructor extend another. Vite maps `util` here (see vite.config.ts).
 */
export function inherits(child: Constructor, parent: Constructor): void {
  Object.setPrototypeOf(child.prototype, parent.prototype);
  Object.setPrototypeOf(child, parent);
}

export default { inherits };
