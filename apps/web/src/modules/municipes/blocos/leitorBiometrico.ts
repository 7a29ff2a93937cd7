// The fingerprint reader (spec §7 "fingerprint scripts"; §8 'Falha na comunicação'). A reader is a USB device served
// by a small agent on the user's machine; the browser talks to it over HTTP at BIOMETRIA_AGENTE_URL (the API tells the
// URL in parametrizacao.widgets and allows its origin in the CSP's connect-src). Protocol (docs/decisions.md):
//   GET  {agente}/status  → 200 { pronto: boolean }
//   POST {agente}/captura → 200 { template_base64: string, qualidade: 0–100 }
// Anything else — no URL configured, no answer, a timeout, another status, a malformed body — is "no reader".

/** What a reader hands back for one finger: the template in the reader's format, base64, and its quality 0–100. */
export interface CapturaDigital {
  template: string;
  qualidade: number;
}

/** No reader answered (none configured or installed, unplugged, or its agent is down). */
export class LeitorIndisponivelError extends Error {
  constructor() {
    super('Nenhum leitor biométrico respondeu');
    this.name = 'LeitorIndisponivelError';
  }
}

/** How long to wait for the agent: a finger on the glass takes a few seconds. */
export const AGENTE_TIMEOUT_MS = 15_000;

async function pedir(url: string, init: RequestInit, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), credentials: 'omit' });
  } catch {
    throw new LeitorIndisponivelError();
  }
  if (!res.ok) throw new LeitorIndisponivelError();
  try {
    return await res.json();
  } catch {
    throw new LeitorIndisponivelError();
  }
}

/**
 * Captures one fingerprint through the agent at `agenteUrl` (null: none configured). Rejects with
 * LeitorIndisponivelError when no reader answers or answers nonsense.
 */
export async function capturarDigital(
  agenteUrl: string | null | undefined,
  timeoutMs = AGENTE_TIMEOUT_MS,
): Promise<CapturaDigital> {
  if (!agenteUrl) throw new LeitorIndisponivelError();
  const base = agenteUrl.replace(/\/+$/, '');
  const status = (await pedir(`${base}/status`, { method: 'GET' }, timeoutMs)) as { pronto?: unknown } | null;
  if (!status || status.pronto !== true) throw new LeitorIndisponivelError();
  const c = (await pedir(`${base}/captura`, { method: 'POST' }, timeoutMs)) as {
    template_base64?: unknown;
    qualidade?: unknown;
  } | null;
  const template = c?.template_base64;
  const qualidade = c?.qualidade;
  if (
    typeof template !== 'string' ||
    !/^[A-Za-z0-9+/]+={0,2}$/.test(template) ||
    typeof qualidade !== 'number' ||
    !Number.isInteger(qualidade) ||
    qualidade < 0 ||
    qualidade > 100
  )
    throw new LeitorIndisponivelError();
  return { template, qualidade };
}
