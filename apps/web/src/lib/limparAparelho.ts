// Issue 25: at sign-out the visit screens' copies of families (health data) leave the device; the queue of visits not
// yet sent stays (it survives sign-out and is sent by its owner's next session). Raw IndexedDB, no Dexie: loaded only
// at sign-out. The names are those of modules/atencao_primaria/visitas_domiciliares/offline/db.ts.
const BANCO = 'saude-visitas-offline';
const TABELAS = ['copias', 'meta'];

export function limparCopiasDoAparelho(): Promise<void> {
  return new Promise((resolve) => {
    try {
      const req = indexedDB.open(BANCO);
      req.onerror = () => resolve();
      // Never created here: a device that never opened the visits has nothing to clear.
      req.onupgradeneeded = () => req.transaction?.abort();
      req.onsuccess = () => {
        const db = req.result;
        const existentes = TABELAS.filter((t) => db.objectStoreNames.contains(t));
        if (existentes.length === 0) {
          db.close();
          return resolve();
        }
        const tx = db.transaction(existentes, 'readwrite');
        existentes.forEach((t) => tx.objectStore(t).clear());
        tx.oncomplete =
          tx.onerror =
          tx.onabort =
            () => {
              db.close();
              resolve();
            };
      };
    } catch {
      resolve();
    }
  });
}
