import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { decryptToken, encryptToken } from '../../../lib/cifra';
import type { CadsusConfig } from './client';
import type { Consulta } from './pdq';

// A name search lists people by masked documents; opening one needs its number without handing it to the browser.
// Each candidate carries a sealed reference (AES-256-GCM): the number, who searched and until when. The key derives
// from the municipality's CADSUS secrets (password, certificate), so every API process opens what another sealed;
// with no secret configured, a key of this process only (a search then opens on the process that ran it).

/** A search's references are good for this long: the time to compare a few people at the desk. */
export const VALIDADE_MS = 30 * 60_000;

let avulsa: Buffer | null = null;

function chave(c: CadsusConfig): Buffer {
  const h = createHash('sha256').update('saude-municipal/cadsus-candidato\0');
  let segredo = false;
  for (const s of [c.CADSUS_SENHA, c.CADSUS_CERT_SENHA]) {
    if (s) {
      h.update(s).update('\0');
      segredo = true;
    }
  }
  if (c.CADSUS_CERT_PATH) {
    try {
      h.update(readFileSync(path.resolve(c.CADSUS_CERT_PATH)));
      segredo = true;
    } catch {
      // No certificate file: the lookup itself answers "unavailable"; the key falls back below.
    }
  }
  if (segredo) return h.digest();
  avulsa ??= randomBytes(32);
  return avulsa;
}

/** What the seal is for (its additional data): a CADSUS candidate, never a session's token. */
const CONTEXTO = 'cadsus-candidato';

type Conteudo = { d: 'cpf' | 'cns'; n: string; u: string; e: number };

export function selar(c: CadsusConfig, consulta: Consulta, profissionalId: string, agora = Date.now()): string {
  const conteudo: Conteudo = {
    ...('cpf' in consulta ? { d: 'cpf', n: consulta.cpf } : { d: 'cns', n: consulta.cns }),
    u: profissionalId,
    e: agora + VALIDADE_MS,
  };
  return encryptToken(chave(c), JSON.stringify(conteudo), CONTEXTO);
}

/** The number a reference seals, when it is intact, this user's and not expired; null otherwise. */
export function abrir(c: CadsusConfig, ref: string, profissionalId: string, agora = Date.now()): Consulta | null {
  const texto = decryptToken(chave(c), ref, CONTEXTO);
  if (texto === null) return null;
  try {
    const x = JSON.parse(texto) as Conteudo;
    if (x.u !== profissionalId || typeof x.e !== 'number' || x.e < agora || !/^\d{11,15}$/.test(x.n)) return null;
    return x.d === 'cpf' ? { cpf: x.n } : { cns: x.n };
  } catch {
    return null;
  }
}
