// Spec §8: a failed chunk load (usually a new deploy replaced the files) reloads the page, once.
const KEY = 'saude.chunkReloadAt';
const WINDOW_MS = 30_000;

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Unable to preload CSS/i.test(
    text,
  );
}

/** Reloads unless a reload already happened in the last 30 s, so a chunk that stays missing never loops. */
export function reloadOnce(): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < WINDOW_MS) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}
