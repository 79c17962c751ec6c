/**
 * A value the kernel hands over after `register` (the services created for this boot).
 * Event and job handlers are declared in `register` but receive no dependencies, so they
 * read them from here; one holder per `register` call keeps two kernels in one process apart.
 */
export function lateBound<T>(what: string): { set(value: T): T; get(): T } {
  let current: T | undefined;
  return {
    set(value) {
      current = value;
      return value;
    },
    get() {
      if (current === undefined) throw new Error(`${what} was used before the kernel created it`);
      return current;
    },
  };
}
