import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import type { Config } from '../../../config';
import {
  lerCandidatos,
  lerResposta,
  pedido,
  type BuscaNome,
  type Candidatos,
  type Consulta,
  type Resposta,
} from './pdq';

// The HTTPS call to the national registry: plain node:https with the municipality's PKCS#12 certificate (client TLS)
// and/or the WS-Security user, one overall deadline (CADSUS_TIMEOUT_MS, 5 s), a capped answer. No value of the
// request or the answer is ever logged: the caller gets a kind of outcome, never the text.

export type CadsusConfig = Pick<
  Config,
  'CADSUS_URL' | 'CADSUS_CERT_PATH' | 'CADSUS_CERT_SENHA' | 'CADSUS_USUARIO' | 'CADSUS_SENHA' | 'CADSUS_TIMEOUT_MS'
>;

/** The largest answer read: one person's record is a few kB. */
const MAX_BYTES = 1024 * 1024;

type FalhaDaChamada = { tipo: 'nao_configurado' } | { tipo: 'tempo_esgotado' } | { tipo: 'indisponivel' };
export type Resultado = Resposta | FalhaDaChamada;
export type ResultadoBusca = Candidatos | FalhaDaChamada;

type Certificado = { pfx: Buffer; passphrase?: string };

/** The certificate file's bytes, read at each use (a renewed file needs no restart). */
function lerCertificado(c: CadsusConfig): Certificado | null {
  if (!c.CADSUS_CERT_PATH) return null;
  const pfx = readFileSync(path.resolve(c.CADSUS_CERT_PATH));
  return { pfx, passphrase: c.CADSUS_CERT_SENHA ?? undefined };
}

export type EstadoCertificado = {
  valido: boolean;
  validade_fim: string | null;
  titular: string | null;
  problema: string | null;
};

/**
 * Whether the certificate opens with its password and is within its validity. The leaf certificate is read from the
 * TLS context Node builds from the .pfx (the same one the call uses), so no PKCS#12 parser is needed.
 */
export function verificarCertificado(c: CadsusConfig, agora = new Date()): EstadoCertificado | null {
  if (!c.CADSUS_CERT_PATH) return null;
  let cert: Certificado;
  try {
    cert = lerCertificado(c)!;
  } catch {
    return {
      valido: false,
      validade_fim: null,
      titular: null,
      problema: 'Arquivo do certificado não encontrado ou ilegível.',
    };
  }
  let der: Buffer | null;
  try {
    const ctx = createSecureContext({ pfx: cert.pfx, passphrase: cert.passphrase });
    // Node's own handle: getCertificate() answers the leaf certificate in DER (what tlsSocket.getCertificate reads).
    const nativo = (ctx as unknown as { context?: { getCertificate?: () => Buffer | null } }).context;
    der = nativo?.getCertificate?.() ?? null;
  } catch {
    return {
      valido: false,
      validade_fim: null,
      titular: null,
      problema: 'O certificado não abre: senha errada ou arquivo que não é PKCS#12 (.pfx).',
    };
  }
  if (!der) return { valido: true, validade_fim: null, titular: null, problema: null };
  try {
    const x = new X509Certificate(der);
    const fim = new Date(x.validTo);
    const inicio = new Date(x.validFrom);
    const titular = /CN=([^\n,]+)/.exec(x.subject)?.[1]?.trim() ?? null;
    const problema =
      fim < agora ? 'O certificado venceu.' : inicio > agora ? 'O certificado ainda não está válido.' : null;
    return { valido: problema === null, validade_fim: fim.toISOString(), titular, problema };
  } catch {
    return { valido: true, validade_fim: null, titular: null, problema: null };
  }
}

/** Asks the registry about one CPF or CNS. Never throws: every failure is a kind of outcome. */
export const consultarCadsus = (c: CadsusConfig, consulta: Consulta): Promise<Resultado> =>
  trocar(c, consulta, lerResposta);

/** Asks the registry who has this name and birth date (and mother). Never throws. */
export const buscarCandidatosCadsus = (c: CadsusConfig, busca: BuscaNome): Promise<ResultadoBusca> =>
  trocar(c, busca, lerCandidatos);

/** One request and its answer, read by `ler`; the call's own failures are outcomes of their own. */
async function trocar<T extends { tipo: string }>(
  c: CadsusConfig,
  consulta: Consulta | BuscaNome,
  ler: (status: number, corpo: string) => T,
): Promise<T | FalhaDaChamada | { tipo: 'invalida' } | { tipo: 'falha_autenticacao' }> {
  type R = T | FalhaDaChamada | { tipo: 'invalida' } | { tipo: 'falha_autenticacao' };
  if (!c.CADSUS_URL) return { tipo: 'nao_configurado' };
  let cert: Certificado | null;
  try {
    cert = lerCertificado(c);
  } catch {
    // A missing certificate is the municipality's set-up, not the registry's refusal: the lookup is unavailable.
    return { tipo: 'indisponivel' };
  }
  const usuario = c.CADSUS_USUARIO ? { nome: c.CADSUS_USUARIO, senha: c.CADSUS_SENHA ?? '' } : null;
  const corpo = pedido(consulta, usuario);
  const url = new URL(c.CADSUS_URL);
  const seguro = url.protocol === 'https:';
  return new Promise<R>((resolve) => {
    let fim = false;
    const terminar = (r: R) => {
      if (fim) return;
      fim = true;
      clearTimeout(relogio);
      resolve(r);
    };
    const opcoes: https.RequestOptions = {
      method: 'POST',
      headers: {
        'content-type': 'application/soap+xml; charset=utf-8; action="urn:hl7-org:v3:PRPA_IN201305UV02"',
        'content-length': Buffer.byteLength(corpo),
        accept: 'application/soap+xml, text/xml',
      },
      ...(seguro && cert ? { pfx: cert.pfx, passphrase: cert.passphrase } : {}),
    };
    let req: http.ClientRequest;
    try {
      req = (seguro ? https : http).request(url, opcoes, (res) => {
        const partes: Buffer[] = [];
        let bytes = 0;
        res.on('data', (b: Buffer) => {
          bytes += b.length;
          if (bytes > MAX_BYTES) {
            req.destroy();
            terminar({ tipo: 'invalida' });
          } else partes.push(b);
        });
        res.on('end', () => terminar(ler(res.statusCode ?? 0, Buffer.concat(partes).toString('utf8'))));
        res.on('error', () => terminar({ tipo: 'indisponivel' }));
      });
    } catch {
      terminar({ tipo: 'indisponivel' });
      return;
    }
    // One deadline for the whole exchange (connect, send, answer): a slow registry never holds the form.
    const relogio = setTimeout(() => {
      terminar({ tipo: 'tempo_esgotado' });
      req.destroy();
    }, c.CADSUS_TIMEOUT_MS);
    req.on('error', (e: NodeJS.ErrnoException) => {
      // TLS refusals of our client certificate are the registry refusing our credentials.
      const tls = /ALERT_(BAD_CERTIFICATE|CERTIFICATE_|HANDSHAKE_FAILURE|ACCESS_DENIED|UNKNOWN_CA)/.test(e.code ?? '');
      terminar(tls ? { tipo: 'falha_autenticacao' } : { tipo: 'indisponivel' });
    });
    req.end(corpo);
  });
}
