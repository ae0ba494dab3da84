/**
 * A process's memory of values computed from one database, at most `max` per database handle, least recently
 * used out first. Keyed by the handle, so two databases in one process (the tests) never share a value.
 */
export function perDbMemo<V>(max: number) {
  const byDb = new WeakMap<object, Map<string, V>>();
  const entries = (db: object) => {
    let map = byDb.get(db);
    if (!map) {
      map = new Map();
      byDb.set(db, map);
    }
    return map;
  };
  return {
    /** The value under `key`, now the most recently used. */
    get(db: object, key: string): V | undefined {
      const map = byDb.get(db);
      const hit = map?.get(key);
      if (map && hit !== undefined) {
        // Most recently used last: a Map iterates in insertion order, so the first key is the one to drop.
        map.delete(key);
        map.set(key, hit);
      }
      return hit;
    },
    set(db: object, key: string, value: V) {
      const map = entries(db);
      map.delete(key);
      map.set(key, value);
      if (map.size > max) map.delete(map.keys().next().value as string);
    },
    delete(db: object, key: string) {
      byDb.get(db)?.delete(key);
    },
  };
}
