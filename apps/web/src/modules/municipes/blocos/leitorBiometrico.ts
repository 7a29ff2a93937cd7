// Integration point for a fingerprint reader (spec §7 loads "fingerprint scripts"; §8 'Falha na comunicação').
// A reader is a USB device served by a driver on the user's machine. The browser cannot reach it: our CSP allows
// connect-src 'self' only, and no same-origin endpoint talks to readers. This version ships no reader driver, so
// capturing always fails with LeitorIndisponivelError and the tab says 'Falha na comunicação'. A future driver
// replaces the body of capturarDigital() (and nothing else): see docs/decisions.md.

/** What a reader hands back for one finger: the template in the reader's format, base64, and its quality 0–100. */
export interface CapturaDigital {
  template: string;
  qualidade: number;
}

/** No reader answered (none installed, unplugged, or its service is down). */
export class LeitorIndisponivelError extends Error {
  constructor() {
    super('Nenhum leitor biométrico respondeu');
    this.name = 'LeitorIndisponivelError';
  }
}

/** Captures one fingerprint from the local reader. Rejects with LeitorIndisponivelError when no reader answers. */
export function capturarDigital(): Promise<CapturaDigital> {
  return Promise.reject(new LeitorIndisponivelError());
}
