// Test support: a lower bound of the memory an object graph holds, computed from V8's object
// layouts rather than measured, so a test can check a size estimate without timing or GC noise.
// Every figure is a minimum (headers only, one byte a character, no slack capacity, equal
// strings counted once), so an estimate below it is an under-count for certain.

/** 8 bytes a reference, or 4 in a build with pointer compression. */
const POINTER = (process.config.variables as { v8_enable_pointer_compression?: unknown }).v8_enable_pointer_compression ? 4 : 8;
/** A string: map, hash and length, then its characters. */
const STRING_HEADER = POINTER + 8;
/** An array: the JSArray (map, properties, elements, length) and its backing store (map, length, then a slot per element). */
const ARRAY_HEADER = 4 * POINTER;
const BACKING_STORE_HEADER = 2 * POINTER;
/** An object: map, properties, elements, then a slot per own property. */
const OBJECT_HEADER = 3 * POINTER;

/** The least memory `root` and everything it reaches through own properties, array elements and Map/Set entries holds. */
export function retainedBytesLowerBound(root: unknown): number {
  const seenObjects = new Set<object>();
  const seenStrings = new Set<string>();
  const pending: unknown[] = [root];
  let bytes = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (seenStrings.has(value)) continue;
      seenStrings.add(value);
      bytes += STRING_HEADER + value.length;
      continue;
    }
    // Functions are code shared by every instance; numbers and booleans sit in their slot.
    if (typeof value !== 'object' || value === null || seenObjects.has(value)) continue;
    seenObjects.add(value);
    if (ArrayBuffer.isView(value)) {
      // Views of one buffer share it: the buffer is counted once, whole (a view keeps all of it).
      bytes += OBJECT_HEADER;
      pending.push(value.buffer);
      continue;
    }
    if (value instanceof ArrayBuffer || value instanceof SharedArrayBuffer) {
      bytes += OBJECT_HEADER + value.byteLength;
      continue;
    }
    if (Array.isArray(value)) {
      bytes += ARRAY_HEADER + (value.length > 0 ? BACKING_STORE_HEADER + value.length * POINTER : 0);
      for (const element of value) pending.push(element);
      continue;
    }
    if (value instanceof Map || value instanceof Set) {
      // A hash table: at least a key and a value slot per entry.
      bytes += OBJECT_HEADER + value.size * 2 * POINTER;
      for (const [key, entry] of value.entries()) pending.push(key, entry);
    }
    const keys = Reflect.ownKeys(value);
    bytes += OBJECT_HEADER + keys.length * POINTER;
    for (const key of keys) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value, key);
      if (descriptor && 'value' in descriptor) pending.push(descriptor.value);
    }
  }
  return bytes;
}
