import type { EventStore, QueuedScan, QueueStore, StoredEvent } from './checkin-core';

const DB_NAME = 'gid-checkin';
const EVENTS = 'events';
const QUEUE = 'queue';

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(EVENTS, { keyPath: 'eventCityId' });
      // Keyed by insertion order, so scans are sent in the order they were made.
      request.result.createObjectStore(QUEUE, { autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

function run<T>(store: string, mode: IDBTransactionMode, work: (objects: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(store, mode);
        const request = work(transaction.objectStore(store));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error);
      }),
  );
}

export const loadEvent = (eventCityId: string) => run<StoredEvent | undefined>(EVENTS, 'readonly', (objects) => objects.get(eventCityId));

export const saveEvent = (event: StoredEvent) => run(EVENTS, 'readwrite', (objects) => objects.put(event)).then(() => undefined);

export const enqueueScan = (scan: QueuedScan) => run(QUEUE, 'readwrite', (objects) => objects.add(scan)).then(() => undefined);

/** The waiting scans with their keys, oldest first. */
export async function queuedScans(): Promise<{ key: IDBValidKey; scan: QueuedScan }[]> {
  // Both in one transaction: a scan added between two would pair keys with the wrong values.
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(QUEUE, 'readonly');
    const objects = transaction.objectStore(QUEUE);
    const keys = objects.getAllKeys();
    const values = objects.getAll();
    transaction.oncomplete = () => resolve(keys.result.map((key, i) => ({ key, scan: values.result[i] as QueuedScan })));
    transaction.onerror = () => reject(transaction.error);
  });
}

export const dropQueued = (key: IDBValidKey) => run(QUEUE, 'readwrite', (objects) => objects.delete(key)).then(() => undefined);

/** The scanner's stores in IndexedDB. */
export const indexedDbQueue: QueueStore = { add: enqueueScan, all: queuedScans, drop: dropQueued };
export const indexedDbEvents: EventStore = { load: loadEvent, save: saveEvent };
