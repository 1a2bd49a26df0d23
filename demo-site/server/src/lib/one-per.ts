/**
 * One `T` per key object, made by `make` the first time the key is asked for and kept as long as the
 * key lives (a `WeakMap`): per database handle, one stock gate, one writer of plain orders, one reader.
 */
export function onePer<K extends object, T>(make: (key: K) => T): (key: K) => T {
  const made = new WeakMap<K, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
