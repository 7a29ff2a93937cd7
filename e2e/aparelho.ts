// The device's side of offline work (issues 25, 39, 44), for the specs that go offline: the service worker in
// control of the page, and the copies the visit screens keep in IndexedDB (written in the background after a screen
// shows: a spec waits for them before it cuts the network, or it tests the race, not the feature).
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Opens `url`, waits for the worker to install, and reloads so that it controls the page. */
export async function comServiceWorker(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first page load is not controlled by a worker installed during it: the next one is.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** How many of the visit screens' kept answers have `trecho` in their key (user + address). */
export const copiasNoAparelho = (page: Page, trecho: string) =>
  page.evaluate(
    (t) =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('saude-visitas-offline');
        req.onerror = () => resolve(0);
        req.onsuccess = () => {
          const keys = req.result.transaction('copias').objectStore('copias').getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result.filter((k) => String(k).includes(t)).length);
            req.result.close();
          };
          keys.onerror = () => resolve(0);
        };
      }),
    trecho,
  );
