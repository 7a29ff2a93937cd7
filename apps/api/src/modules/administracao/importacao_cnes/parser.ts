import { createHash } from 'node:crypto';
import { TextDecoder } from 'node:util';
import { isValidCns } from '@saude/shared/validation/cns';
import { isValidCpf } from '@saude/shared/validation/cpf';
import { SaxesParser } from 'saxes';
import { AppError } from '../../../lib/errors';

// The municipality's CNES XML (the "XML-CNES" of the e-SUS APS import: root ImportarXMLCNES, attributes in capitals;
// docs/decisions.md "Importação do CNES" says where the layout comes from). Read as a stream with saxes: memory holds
// the records we keep, never a tree of the whole file. A DOCTYPE is refused outright, so no entity (internal or
// external) is ever expanded; saxes itself knows only the five XML entities and character references.

/** The largest file accepted (a big city's export is a few MB). */
export const CNES_MAX_BYTES = 50 * 1024 * 1024;

export type CnesUnidade = {
  cnes: string;
  nome: string;
  tipo_codigo: string | null;
  tipo_descricao: string | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  telefones: string[];
};
export type CnesEquipe = { ine: string; nome: string; tipo: string | null; cnes: string; micro_areas: string[] };
export type CnesLotacao = { cnes: string; cbo: string; ine: string | null; micro_area: string | null };
export type CnesProfissional = {
  cpf: string | null;
  cns: string | null;
  nome: string;
  email: string | null;
  lotacoes: CnesLotacao[];
};
export type CnesArquivo = {
  unidades: CnesUnidade[];
  equipes: CnesEquipe[];
  profissionais: CnesProfissional[];
  /** Records of the file left out, each with why (shown on the preview). */
  avisos: string[];
  /** IDENTIFICACAO's CO_IBGE_MUN: the municipality the file is of (6 or 7 digits), null when absent. */
  municipio_ibge: string | null;
  sha256: string;
  bytes: number;
};

export const invalido = (motivo: string) => new AppError(422, `Arquivo CNES inválido: ${motivo}`);
export const grandeDemais = () =>
  new AppError(413, `Arquivo CNES grande demais: o limite é de ${CNES_MAX_BYTES / 1024 / 1024} MB`);

const digits = (v: string | undefined) => (v ?? '').replace(/\D/g, '');
const text = (v: string | undefined) => {
  const s = (v ?? '').replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
};
/** CNES has 7 digits and INE 10; exports drop leading zeros in some versions. */
const padded = (v: string | undefined, n: number) => {
  const d = digits(v);
  return d === '' || d.length > n ? null : d.padStart(n, '0');
};
const microArea = (v: string | undefined) => {
  const d = digits(v);
  return d === '' || d.length > 2 ? null : d.padStart(2, '0');
};

/** The character set the XML declaration names (ISO-8859-1 in the CNES exports), UTF-8 when none. */
function encodingOf(head: Buffer): string {
  const m = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head.toString('latin1', 0, 200));
  const name = (m?.[1] ?? 'utf-8').toLowerCase();
  try {
    new TextDecoder(name);
    return name;
  } catch {
    throw invalido(`codificação ${m?.[1]} não suportada`);
  }
}

/**
 * Parses a CNES file given as chunks (the request body stream, or a Buffer in tests). Throws 413 past the size limit
 * and 422 'Arquivo CNES inválido: …' (with the line) for a malformed file, a DOCTYPE or a file with no establishment.
 */
export async function parseCnes(
  chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
): Promise<CnesArquivo> {
  const hash = createHash('sha256');
  const parser = new SaxesParser({ position: true });
  let decoder: TextDecoder | null = null;
  let bytes = 0;
  let raiz = true;
  let erro: AppError | null = null;

  const unidades = new Map<string, CnesUnidade>();
  const equipes = new Map<string, CnesEquipe>();
  const profissionais: CnesProfissional[] = [];
  const avisos: string[] = [];
  let unidadeAtual: string | null = null;
  let profAtual: CnesProfissional | null = null;
  let municipioIbge: string | null = null;
  const linha = () => parser.line;

  parser.on('error', (e) => {
    // saxes reports "line:column: reason" in English; the user gets the place in Portuguese.
    erro ??= invalido(`XML malformado na linha ${parser.line}, coluna ${parser.column}`);
    void e;
  });
  parser.on('doctype', () => {
    erro ??= invalido(`declaração DOCTYPE não é permitida (linha ${linha()})`);
  });
  parser.on('opentag', (tag) => {
    const a = tag.attributes as Record<string, string>;
    if (raiz) {
      raiz = false;
      return;
    }
    switch (tag.name) {
      case 'IDENTIFICACAO':
        municipioIbge = digits(a.CO_IBGE_MUN) || null;
        return;
      case 'DADOS_GERAIS_ESTABELECIMENTOS': {
        const cnes = padded(a.CNES, 7);
        const nome = text(a.NM_FANTA ?? a.NOME_FANTA);
        unidadeAtual = null;
        if (!cnes || !nome) {
          avisos.push(`Linha ${linha()}: estabelecimento sem CNES ou nome, ignorado`);
          return;
        }
        unidadeAtual = cnes;
        const telefones = [a.TELEFONE1, a.TELEFONE2].map(digits).filter((t) => t.length >= 10 && t.length <= 11);
        unidades.set(cnes, {
          cnes,
          nome,
          tipo_codigo: padded(a.TP_UNID_ID, 2),
          tipo_descricao: text(a.DS_TP_UNID),
          cep: null,
          logradouro: null,
          numero: null,
          complemento: null,
          bairro: null,
          telefones,
        });
        return;
      }
      case 'DADOS_ENDERECO': {
        // The unit's address is a child element (ENDERECO › DADOS_ENDERECO); professionals carry one too, not ours.
        const u = unidadeAtual && !profAtual ? unidades.get(unidadeAtual) : undefined;
        if (!u) return;
        Object.assign(u, {
          cep: padded(a.CO_CEP, 8),
          logradouro: text(a.LOGRADOURO),
          numero: text(a.NUMERO),
          complemento: text(a.COMPLEMENT),
          bairro: text(a.BAIRRO),
        });
        return;
      }
      case 'DADOS_EQUIPES': {
        const ine = padded(a.CO_INE, 10);
        if (!unidadeAtual) return;
        if (!ine) {
          avisos.push(`Linha ${linha()}: equipe sem INE, ignorada`);
          return;
        }
        // A team the CNES deactivated is absent for us: an imported copy of it is deactivated.
        if (text(a.DT_DESATIVACAO)) return;
        equipes.set(ine, {
          ine,
          nome: text(a.NM_REFERENCIA) ?? `Equipe ${ine}`,
          tipo: text(a.TP_EQUIPE),
          cnes: unidadeAtual,
          micro_areas: [],
        });
        return;
      }
      case 'DADOS_PROFISSIONAIS': {
        const cpf = digits(a.CPF_PROF);
        const cns = digits(a.CO_CNS);
        const nome = text(a.NM_PROF ?? a.NOME_PROF);
        profAtual = null;
        const p: CnesProfissional = {
          cpf: isValidCpf(cpf) ? cpf : null,
          cns: isValidCns(cns) ? cns : null,
          nome: nome ?? '',
          email: text(a.E_MAIL)?.toLowerCase() ?? null,
          lotacoes: [],
        };
        if (!nome || (!p.cpf && !p.cns)) {
          avisos.push(
            `Linha ${linha()}: profissional ${nome ?? ''} sem nome ou sem CPF/CNS válido, ignorado`.replace('  ', ' '),
          );
          return;
        }
        profAtual = p;
        profissionais.push(p);
        return;
      }
      case 'DADOS_LOTACOES': {
        if (!profAtual) return;
        const cnes = padded(a.CNES, 7);
        const cbo = digits(a.CO_CBO);
        if (!cnes || cbo.length !== 6) {
          avisos.push(`Linha ${linha()}: lotação de ${profAtual.nome} sem CNES ou CBO, ignorada`);
          return;
        }
        profAtual.lotacoes.push({ cnes, cbo, ine: padded(a.CO_INE, 10), micro_area: microArea(a.MICROAREA) });
        return;
      }
      default:
        return;
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'DADOS_GERAIS_ESTABELECIMENTOS') unidadeAtual = null;
    if (tag.name === 'DADOS_PROFISSIONAIS') profAtual = null;
  });

  // The declaration may span chunks: the first 200 bytes are held until the encoding is known.
  let cabeca: Buffer | null = Buffer.alloc(0);
  const alimentar = (chunk: Buffer, fim: boolean) => {
    if (cabeca) {
      cabeca = Buffer.concat([cabeca, chunk]);
      if (cabeca.length < 200 && !fim) return;
      decoder = new TextDecoder(encodingOf(cabeca), { fatal: true });
      chunk = cabeca;
      cabeca = null;
    }
    let s: string;
    try {
      s = decoder!.decode(chunk, { stream: !fim });
    } catch {
      throw invalido('o texto não está na codificação declarada');
    }
    parser.write(s);
    if (erro) throw erro;
  };
  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
    bytes += chunk.length;
    if (bytes > CNES_MAX_BYTES) throw grandeDemais();
    hash.update(chunk);
    alimentar(chunk, false);
  }
  if (bytes === 0) throw invalido('o arquivo está vazio');
  alimentar(Buffer.alloc(0), true);
  parser.close();
  if (erro) throw erro;
  if (unidades.size === 0) throw invalido('nenhum estabelecimento (DADOS_GERAIS_ESTABELECIMENTOS) encontrado');

  // Bonds name units and teams; one outside the file cannot be placed. A team's micro-areas are those its bonds
  // (the community agents) cover: the export has no list of them on the team.
  for (const p of profissionais) {
    p.lotacoes = p.lotacoes.filter((l) => {
      if (!unidades.has(l.cnes)) {
        avisos.push(`Lotação de ${p.nome} no CNES ${l.cnes}, que não está no arquivo, ignorada`);
        return false;
      }
      if (l.ine && !equipes.has(l.ine)) {
        avisos.push(`Lotação de ${p.nome} na equipe ${l.ine}, que não está no arquivo ou está desativada, ignorada`);
        return false;
      }
      return true;
    });
    for (const l of p.lotacoes) {
      const e = l.ine ? equipes.get(l.ine) : undefined;
      if (e && l.micro_area && !e.micro_areas.includes(l.micro_area)) e.micro_areas.push(l.micro_area);
    }
  }
  for (const e of equipes.values()) e.micro_areas.sort();

  return {
    unidades: [...unidades.values()],
    equipes: [...equipes.values()],
    profissionais,
    avisos,
    municipio_ibge: municipioIbge,
    sha256: hash.digest('hex'),
    bytes,
  };
}
