import { randomUUID } from 'node:crypto';
import { etnia } from '@saude/shared/codes/etnia';
import { findBy } from '@saude/shared/codes/lookup';
import { municipio } from '@saude/shared/codes/municipio';
import { tipoLogradouro } from '@saude/shared/codes/tipo_logradouro';
import type { CadsusCampos, CadsusMunicipe } from '@saude/shared/schemas/municipe_cadsus';
import { isValidCns } from '@saude/shared/validation/cns';
import { isValidCpf } from '@saude/shared/validation/cpf';
import { isValidPis } from '@saude/shared/validation/pis';
import { SaxesParser } from 'saxes';

// The SUS PDQ service of the national registry (CADSUS v5, "PDQSupplier"): HL7 v3 over SOAP 1.2. We send
// PRPA_IN201305UV02 (find candidates) with one livingSubjectId, CPF or CNS, and read PRPA_IN201306UV02. The shapes follow
// the DATASUS integration manual as open-source clients record them (docs/decisions.md "CADSUS"): OIDs
// 2.16.840.1.113883.13.236 (CNS; .236.1 its situation D/P) and .237 (CPF), names use="L" (legal) and "ASGN" (social),
// personalRelationship PRN (mother) / NPRN (father), addr with 6-digit IBGE city, telecom "tel:+55-DD-NUMBER".

export const OID_CNS = '2.16.840.1.113883.13.236';
export const OID_CNS_SITUACAO = '2.16.840.1.113883.13.236.1';
export const OID_CPF = '2.16.840.1.113883.13.237';
const OID_RG = '2.16.840.1.113883.13.243';
const OID_RG_EMISSAO = '2.16.840.1.113883.13.243.1';
const OID_RG_UF = '2.16.840.1.113883.4.707';
export const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const WSSE = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
const PASSWORD_TEXT = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';

export type Consulta = { cpf: string } | { cns: string };
/** A search by name (issue 43), as the registry's own client asks it: name, birth date ('yyyy-MM-dd'), mother. */
export type BuscaNome = { nome: string; data_nascimento: string; nome_mae?: string | null };

const escape = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** yyyyMMddHHmmss in UTC, as HL7 TS. */
const hl7Now = (d = new Date()) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** Names as the registry holds them: upper case, single spaces, no control character. */
const nomeParaPdq = (v: string) =>
  escape(
    v
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .toLocaleUpperCase('pt-BR'),
  );

/**
 * The parameterList: one livingSubjectId (CPF or CNS), or the name search's parameters in the order and shape of the
 * registry client's template (laboratoriobridge/mpi-client PRPA_IN201305UV02.xml): livingSubjectBirthTime yyyyMMdd,
 * livingSubjectName given, mothersMaidenName family.
 */
function parametros(consulta: Consulta | BuscaNome): string {
  if ('nome' in consulta) {
    const mae = consulta.nome_mae
      ? `<mothersMaidenName><value use="L"><family>${nomeParaPdq(consulta.nome_mae)}</family></value><semanticsText>mothersMaidenName</semanticsText></mothersMaidenName>`
      : '';
    return (
      `<livingSubjectBirthTime><value value="${consulta.data_nascimento.replace(/\D/g, '').slice(0, 8)}"/><semanticsText>LivingSubject.birthTime</semanticsText></livingSubjectBirthTime>` +
      `<livingSubjectName><value use="L"><given>${nomeParaPdq(consulta.nome)}</given></value><semanticsText>LivingSubject.Given</semanticsText></livingSubjectName>` +
      mae
    );
  }
  const [root, extension] = 'cpf' in consulta ? [OID_CPF, consulta.cpf] : [OID_CNS, consulta.cns];
  // Digits only (the schema made sure): nothing typed reaches the XML unescaped anyway.
  const id = escape(extension.replace(/\D/g, ''));
  return `<livingSubjectId><value root="${root}" extension="${id}"/><semanticsText>LivingSubject.id</semanticsText></livingSubjectId>`;
}

/** The SOAP 1.2 request. `usuario`: the WS-Security UsernameToken, when the municipality has one. */
export function pedido(consulta: Consulta | BuscaNome, usuario: { nome: string; senha: string } | null): string {
  const seguranca = usuario
    ? `<soap:Header><wsse:Security xmlns:wsse="${WSSE}"><wsse:UsernameToken>` +
      `<wsse:Username>${escape(usuario.nome)}</wsse:Username>` +
      `<wsse:Password Type="${PASSWORD_TEXT}">${escape(usuario.senha)}</wsse:Password>` +
      `</wsse:UsernameToken></wsse:Security></soap:Header>`
    : '<soap:Header/>';
  const mensagem = randomUUID();
  return `<?xml version="1.0" encoding="UTF-8"?>
<soap:Envelope xmlns:soap="${SOAP12}">${seguranca}<soap:Body>
<PRPA_IN201305UV02 xmlns="urn:hl7-org:v3" ITSVersion="XML_1.0">
<id root="2.16.840.1.113883.4.714" extension="${mensagem}"/>
<creationTime value="${hl7Now()}"/>
<interactionId root="2.16.840.1.113883.1.6" extension="PRPA_IN201305UV02"/>
<processingCode code="P"/>
<processingModeCode code="T"/>
<acceptAckCode code="AL"/>
<receiver typeCode="RCV"><device classCode="DEV" determinerCode="INSTANCE"><id root="2.16.840.1.113883.3.72.6.5.100.85"/></device></receiver>
<sender typeCode="SND"><device classCode="DEV" determinerCode="INSTANCE"><id root="2.16.840.1.113883.3.72.6.2"/><name>CADSUS</name></device></sender>
<controlActProcess classCode="CACT" moodCode="EVN">
<code code="PRPA_TE201305UV02" codeSystem="2.16.840.1.113883.1.6"/>
<queryByParameter>
<queryId root="1.2.840.114350.1.13.28.1.18.5.999" extension="${mensagem}"/>
<statusCode code="new"/>
<responseModalityCode code="R"/>
<responsePriorityCode code="I"/>
<parameterList>${parametros(consulta)}</parameterList>
</queryByParameter>
</controlActProcess>
</PRPA_IN201305UV02>
</soap:Body>
</soap:Envelope>`;
}

// ---- a small element tree (the answer is a few kB; the client caps it) --------------------------------------------

export type No = { nome: string; attrs: Record<string, string>; filhos: No[]; texto: string };

export class XmlInvalido extends Error {}

/** Parses XML into elements named without their prefix. A DOCTYPE is refused: no entity is ever expanded. */
export function arvore(xml: string): No {
  const parser = new SaxesParser();
  const raiz: No = { nome: '#', attrs: {}, filhos: [], texto: '' };
  const pilha: No[] = [raiz];
  let erro: Error | null = null;
  parser.on('error', (e) => (erro ??= e));
  parser.on('doctype', () => (erro ??= new XmlInvalido('DOCTYPE')));
  parser.on('opentag', (tag) => {
    const no: No = {
      nome: tag.name.replace(/^.*:/, ''),
      attrs: Object.fromEntries(
        Object.entries(tag.attributes as Record<string, string>).map(([k, v]) => [k.replace(/^.*:/, ''), v]),
      ),
      filhos: [],
      texto: '',
    };
    pilha.at(-1)!.filhos.push(no);
    if (!tag.isSelfClosing) pilha.push(no);
  });
  parser.on('text', (t) => (pilha.at(-1)!.texto += t));
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) pilha.pop();
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    erro ??= e as Error;
  }
  if (erro || raiz.filhos.length !== 1) throw new XmlInvalido('XML malformado');
  return raiz.filhos[0]!;
}

const filho = (n: No | undefined, nome: string) => n?.filhos.find((f) => f.nome === nome);
const filhos = (n: No | undefined, nome: string) => n?.filhos.filter((f) => f.nome === nome) ?? [];
/** The first descendant by path of names. */
const caminho = (n: No | undefined, ...nomes: string[]) => nomes.reduce<No | undefined>((a, k) => filho(a, k), n);
const todos = (n: No, nome: string, out: No[] = []): No[] => {
  for (const f of n.filhos) {
    if (f.nome === nome) out.push(f);
    todos(f, nome, out);
  }
  return out;
};
const txt = (n: No | undefined) => {
  const s = (n?.texto ?? '').replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
};

// ---- the answer ---------------------------------------------------------------------------------------------------

export type Resposta =
  | { tipo: 'encontrado'; pessoa: Omit<CadsusMunicipe, 'ja_cadastrados'> }
  | { tipo: 'nao_encontrado' }
  | { tipo: 'falha_autenticacao' }
  | { tipo: 'invalida' };

/** A SOAP fault says who failed: the WS-Security codes and texts of a refused token or certificate. */
const AUTENTICACAO =
  /FailedAuthentication|InvalidSecurity|FailedCheck|SecurityTokenUnavailable|autentica|autoriza|credencia/i;

type Falha = Exclude<Resposta, { tipo: 'encontrado' }>;
type Pessoa = Omit<CadsusMunicipe, 'ja_cadastrados'>;

/** The people of an answer, in the registry's order (best match first), with the total it says it found. */
function lerPessoas(status: number, corpo: string): { pessoas: Pessoa[]; total: number } | Falha {
  if (status === 401 || status === 403) return { tipo: 'falha_autenticacao' };
  let doc: No;
  try {
    doc = arvore(corpo);
  } catch {
    return { tipo: 'invalida' };
  }
  // The service answers in a SOAP envelope; the registry's own client stores the bare message (fixtures/): both read.
  const body = doc.nome === 'PRPA_IN201306UV02' ? { ...doc, filhos: [doc] } : filho(doc, 'Body');
  if ((doc.nome !== 'Envelope' && doc.nome !== 'PRPA_IN201306UV02') || !body) return { tipo: 'invalida' };
  const fault = filho(body, 'Fault');
  if (fault) {
    const codigos = todos(fault, 'Value').map((v) => txt(v) ?? '');
    const motivo = txt(caminho(fault, 'Reason', 'Text')) ?? txt(filho(fault, 'faultstring')) ?? '';
    return [...codigos, motivo].some((c) => AUTENTICACAO.test(c))
      ? { tipo: 'falha_autenticacao' }
      : { tipo: 'invalida' };
  }
  if (status >= 400) return { tipo: 'invalida' };
  const resposta = filho(body, 'PRPA_IN201306UV02');
  const controle = filho(resposta, 'controlActProcess');
  if (!controle) return { tipo: 'invalida' };
  const codigo = caminho(controle, 'queryAck', 'queryResponseCode')?.attrs.code;
  const pessoas = filhos(controle, 'subject')
    .map((s) => caminho(s, 'registrationEvent', 'subject1', 'patient', 'patientPerson'))
    .filter((p): p is No => p !== undefined);
  if (pessoas.length === 0)
    return codigo === 'NF' || codigo === 'OK' ? { tipo: 'nao_encontrado' } : { tipo: 'invalida' };
  const total = Number(caminho(controle, 'queryAck', 'resultTotalQuantity')?.attrs.value);
  return {
    pessoas: pessoas.map(mapear),
    total: Number.isInteger(total) && total >= pessoas.length ? total : pessoas.length,
  };
}

/** Reads the service's answer (HTTP status and body) into what the lookup tells the user. Never throws. */
export function lerResposta(status: number, corpo: string): Resposta {
  const r = lerPessoas(status, corpo);
  // A CPF or CNS names one person; more than one candidate is the registry's duplicate, and its best match comes first.
  return 'pessoas' in r ? { tipo: 'encontrado', pessoa: r.pessoas[0]! } : r;
}

export type Candidatos = { tipo: 'candidatos'; pessoas: Pessoa[]; total: number } | Falha;

/** Reads a name search's answer: every person listed (none is "not found" too, an empty list). Never throws. */
export function lerCandidatos(status: number, corpo: string): Candidatos {
  const r = lerPessoas(status, corpo);
  if ('pessoas' in r) return { tipo: 'candidatos', ...r };
  return r.tipo === 'nao_encontrado' ? { tipo: 'candidatos', pessoas: [], total: 0 } : r;
}

// ---- HL7 person → the citizen's fields -----------------------------------------------------------------------------
// Field by field against the registry client's response handlers (laboratoriobridge/mpi-client responsehandler/pdq):
// docs/decisions.md "Issue 43: CADSUS fields against mpi-client's handlers, one by one".

/** CADSUS raceCode (01 branca, 02 preta, 03 parda, 04 amarela, 05 indígena, 99 sem informação) → e-SUS raca_cor. */
const RACA_COR: Record<string, number> = { '01': 1, '02': 2, '03': 4, '04': 3, '05': 5 };
const RACA_COR_INDIGENA = '05';
/** administrativeGenderCode M, F, I (ignorado) → e-SUS sexo 0, 1, 4. */
const SEXO: Record<string, number> = { M: 0, F: 1, I: 4 };
/** The registry's placeholders for a parent it does not know. */
const SEM_INFORMACAO = /^(SEM INFORMA[CÇ][AÃ]O|IGNORAD[OA]|DESCONHECID[OA]|N[AÃ]O INFORMAD[OA])$/i;
/** CADSUS country code of Brazil (birthPlace and addr `country`). */
const PAIS_BRASIL = '010';
const NACIONALIDADE = { brasileira: 1, naturalizado: 2, estrangeiro: 3 } as const;
const MOTIVO_SAIDA_OBITO = 135;
const OID_NIS = '2.16.840.1.113883.13.240';
const OID_TITULO = '2.16.840.1.113883.13.239';
const OID_TITULO_ZONA = '2.16.840.1.113883.13.239.1';
const OID_TITULO_SECAO = '2.16.840.1.113883.13.239.2';
/** The nationality group: naturalization act (.713), entry into Brazil (.713.1), naturalization date (.713.2). */
const OID_PORTARIA = '2.16.840.1.113883.4.713';
const OID_ENTRADA_BRASIL = '2.16.840.1.113883.4.713.1';
const OID_NATURALIZACAO = '2.16.840.1.113883.4.713.2';
/**
 * Certificates: the group's first id names the kind (…13.241.n: odd n the new model with a 32-digit matrícula, even n
 * the old one with registry office, book, page and term). Death (.9, .10) is no kind of the form's: it says the person
 * died.
 */
const CERTIDAO = '2.16.840.1.113883.13.241';
/** …13.241.1–.2 birth, .3–.4 marriage, .5–.6 separation or divorce, .7–.8 RANI, .9–.10 death. */
const TIPOS_CERTIDAO = ['nascimento', 'casamento', 'separacao_divorcio', 'rani', 'obito'] as const;
/** The new model's matrícula (…4.706); .1 registry office, .2 book, .3 page, .4 term, .5 issue date. */
const OID_CERTIDAO_MATRICULA = '2.16.840.1.113883.4.706';
const parteCertidao = (n: 1 | 2 | 3 | 4 | 5) => `${OID_CERTIDAO_MATRICULA}.${n}`;

/** CADSUS sends the IBGE city with 6 digits (no check digit); the code tables hold 7. */
function municipioDe(codigo: string | null): { ibge: string; nome: string; uf: string } | null {
  const d = (codigo ?? '').replace(/\D/g, '');
  if (d.length === 7) {
    const m = findBy(municipio, 'codigo_ibge', d);
    return m ? { ibge: m.codigo_ibge, nome: m.nome, uf: m.uf } : null;
  }
  if (d.length !== 6) return null;
  const m = municipio.find((r) => r.codigo_ibge.startsWith(d));
  return m ? { ibge: m.codigo_ibge, nome: m.nome, uf: m.uf } : null;
}

/** "tel:+55-31-999999999" → "31999999999" (DDD and number), or null when it is no Brazilian phone. */
function telefone(valor: string): string | null {
  let d = valor.replace(/^tel:/i, '').replace(/\D/g, '');
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2);
  if (d.length > 11 && d.startsWith('0')) d = d.replace(/^0+/, '');
  return d.length === 10 || d.length === 11 ? d : null;
}

/**
 * telecom `use` → the form's phone. CADSUS's own codes (the client's TipoContato): PRN residential, ASN mobile, EMR
 * contact, WPN work and ORN other (both contact numbers here), NET e-mail; the HL7 standard ones (H/HP/HV home, MC/PG
 * mobile) too, for a service that sends those.
 */
function usoTelefone(uso: string): 'residencial' | 'celular' | 'contato' {
  if (/^(PRN|H|HP|HV)$/.test(uso)) return 'residencial';
  if (/^(ASN|MC|PG)$/.test(uso)) return 'celular';
  return 'contato';
}

const nomeDe = (n: No | undefined) => {
  if (!n) return null;
  const partes = [...filhos(n, 'given'), ...filhos(n, 'family')].map(txt).filter(Boolean);
  return partes.length > 0 ? partes.join(' ') : txt(n);
};

/** HL7 TS (yyyyMMdd[HHmmss…]) → yyyy-MM-dd, or null when it is no real date. */
const dataDe = (v: string | undefined | null) => {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(v ?? '');
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(iso) ? iso : null;
};

/** The asOtherIDs groups as their ids, each group named by its first id's root (as the client's DocumentHandler). */
const gruposDeIds = (p: No) => filhos(p, 'asOtherIDs').map((g) => filhos(g, 'id'));
const idEm = (ids: No[] | undefined, root: string) =>
  ids?.find((id) => id.attrs.root === root)?.attrs.extension?.trim() || null;

function mapear(p: No): Pessoa {
  const nomes = filhos(p, 'name');
  // The legal name is use="L" (the client reads no other); a name without `use` is taken as legal, a social name never.
  const legal = nomes.find((n) => (n.attrs.use ?? 'L') === 'L');
  const social = nomes.find((n) => n.attrs.use === 'ASGN');
  const grupos = gruposDeIds(p);

  // CNS: a group opened by a .236 id; its situation (.236.1, D definitive, P provisional) anywhere in the same group.
  const cns: Array<{ numero: string; definitivo: boolean }> = [];
  let cpf: string | null = null;
  let nis: string | null = null;
  for (const ids of grupos) {
    for (const id of ids) {
      const valor = (id.attrs.extension ?? '').replace(/\D/g, '');
      if (id.attrs.root === OID_CPF && isValidCpf(valor)) cpf ??= valor;
      if (id.attrs.root === OID_NIS && isValidPis(valor)) nis ??= valor;
      if (id.attrs.root !== OID_CNS || !isValidCns(valor) || cns.some((c) => c.numero === valor)) continue;
      const situacao = idEm(ids, OID_CNS_SITUACAO)?.toUpperCase();
      cns.push({
        numero: valor,
        definitivo: situacao === 'D' || situacao === 'P' ? situacao === 'D' : /^[12]/.test(valor),
      });
    }
  }
  // Definitive numbers first (spec glossary: 1 or 2), in the registry's order otherwise.
  cns.sort((a, b) => Number(b.definitivo) - Number(a.definitivo));

  // The identity card (RG) group, as the registry's own client reads it: number (.243), UF (.4.707) and issue date
  // (.243.1). The issuing body (.245) is a CADSUS code of a table we do not hold: left out (docs/decisions.md).
  const rg = grupos.find((ids) => ids[0]?.attrs.root === OID_RG);
  const rgUf = idEm(rg, OID_RG_UF)?.toUpperCase() ?? null;
  // The voter's card: number (.239), zone (.239.1), section (.239.2), digits as the form takes them.
  const titulo = grupos.find((ids) => ids[0]?.attrs.root === OID_TITULO);
  const digitos = (v: string | null, min: number, max: number) => {
    const d = (v ?? '').replace(/\D/g, '');
    return d.length >= min && d.length <= max ? d : null;
  };
  const tituloNumero = digitos(idEm(titulo, OID_TITULO), 12, 13);
  // Certificates: the first of a kind the form has, in the registry's order; a death certificate says the person died.
  const tipoDe = (ids: No[]) => {
    const root = ids[0]?.attrs.root ?? '';
    const n = root.startsWith(`${CERTIDAO}.`) ? Number(root.slice(CERTIDAO.length + 1)) : NaN;
    return Number.isInteger(n) && n >= 1 && n <= 10 ? TIPOS_CERTIDAO[Math.ceil(n / 2) - 1] : undefined;
  };
  const certidao = grupos.find((ids) => {
    const t = tipoDe(ids);
    return t !== undefined && t !== 'obito';
  });
  const certidaoTipo = certidao ? tipoDe(certidao) : undefined;
  const certidaoObito = grupos.some((ids) => tipoDe(ids) === 'obito');
  const texto = (v: string | null, max: number) => (v && v.toLowerCase() !== 'null' ? v.slice(0, max) : null);

  const pais: Record<string, string | null> = {};
  for (const r of filhos(p, 'personalRelationship')) {
    const code = filho(r, 'code')?.attrs.code;
    if (code === 'PRN' || code === 'NPRN') pais[code] ??= nomeDe(caminho(r, 'relationshipHolder1', 'name'));
  }
  // "SEM INFORMAÇÃO" is the registry's unknown parent, not a parent of that name: the form's "desconhecido(a)".
  const desconhecido = (nome: string | null | undefined) => (nome && SEM_INFORMACAO.test(nome) ? true : null);
  const maeDesconhecida = desconhecido(pais.PRN);
  const paiDesconhecido = desconhecido(pais.NPRN);

  // The residence: the home address (use H, or none said); a work (WP) or "bad" (BAD) address, or one abroad, is no
  // residence of the form's.
  const addr = filhos(p, 'addr').find((a) => {
    const paisEndereco = txt(filho(a, 'country'));
    return (a.attrs.use ?? 'H') === 'H' && (paisEndereco === null || paisEndereco === PAIS_BRASIL);
  });
  const residencia = municipioDe(txt(filho(addr, 'city')));
  const tipo = txt(filho(addr, 'streetNameType'))?.replace(/\D/g, '').padStart(3, '0') ?? null;
  const cep = (txt(filho(addr, 'postalCode')) ?? '').replace(/\D/g, '');

  // Nationality: the nationality group wins (.713 opens a naturalized citizen's, .713.1 alone a foreigner's); else the
  // birthplace's country (010 Brazil). A Brazilian's birthplace city is the 6-digit IBGE code.
  const nascimento = caminho(p, 'birthPlace', 'addr');
  const paisNascimento = txt(filho(nascimento, 'country'));
  const naturalizacao = grupos.find((ids) => ids[0]?.attrs.root === OID_PORTARIA);
  const estrangeiro = naturalizacao ? undefined : grupos.find((ids) => ids[0]?.attrs.root === OID_ENTRADA_BRASIL);
  const naturalidade = municipioDe(txt(filho(nascimento, 'city')));
  const nacionalidade = naturalizacao
    ? NACIONALIDADE.naturalizado
    : estrangeiro || (paisNascimento !== null && paisNascimento !== PAIS_BRASIL)
      ? NACIONALIDADE.estrangeiro
      : naturalidade
        ? NACIONALIDADE.brasileira
        : null;
  const brasileiro = nacionalidade === NACIONALIDADE.brasileira;

  // Death: deceasedInd true, a deceasedTime or a death certificate is the form's exit "óbito" with its date (the form
  // then asks the date when the registry has none): a dead person is never filled in as alive.
  const horaObito = filho(p, 'deceasedTime')?.attrs.value?.trim();
  const falecido = filho(p, 'deceasedInd')?.attrs.value?.trim().toLowerCase() === 'true' || !!horaObito;
  const dataObito = dataDe(horaObito);

  const tel = { residencial: null as string | null, celular: null as string | null, contato: null as string | null };
  let email: string | null = null;
  for (const t of filhos(p, 'telecom')) {
    const valor = (t.attrs.value ?? '').trim();
    const uso = (t.attrs.use ?? '').toUpperCase();
    if (uso === 'NET' || /^mailto:/i.test(valor) || valor.includes('@')) {
      email ??=
        valor
          .replace(/^mailto:/i, '')
          .trim()
          .toLowerCase() || null;
      continue;
    }
    const numero = telefone(valor);
    if (!numero || Object.values(tel).includes(numero)) continue;
    const campo = usoTelefone(uso);
    if (tel[campo] === null) tel[campo] = numero;
    else if (tel.contato === null) tel.contato = numero;
  }

  const racaCodigo = filho(p, 'raceCode')?.attrs.code ?? '';
  // The ethnicity of an indigenous person only (e-SUS asks no other's), by the CADSUS code the e-SUS table carries.
  const etniaCodigo = racaCodigo === RACA_COR_INDIGENA ? filho(p, 'ethnicGroupCode')?.attrs.code?.trim() : undefined;

  const campos: CadsusCampos = {
    nome: nomeDe(legal)?.slice(0, 70) ?? null,
    nome_social: nomeDe(social)?.slice(0, 70) ?? null,
    nome_mae: maeDesconhecida ? null : (pais.PRN?.slice(0, 70) ?? null),
    mae_desconhecida: maeDesconhecida,
    nome_pai: paiDesconhecido ? null : (pais.NPRN?.slice(0, 70) ?? null),
    pai_desconhecido: paiDesconhecido,
    data_nascimento: dataDe(filho(p, 'birthTime')?.attrs.value),
    sexo_id: SEXO[filho(p, 'administrativeGenderCode')?.attrs.code?.toUpperCase() ?? ''] ?? null,
    raca_cor_id: RACA_COR[racaCodigo] ?? null,
    etnia_id: etniaCodigo ? (findBy(etnia, 'codigo_cadsus', etniaCodigo.toUpperCase())?.codigo ?? null) : null,
    cpf_numero: cpf,
    rg_numero: idEm(rg, OID_RG)?.slice(0, 20) ?? null,
    rg_uf: rgUf && /^[A-Z]{2}$/.test(rgUf) ? rgUf : null,
    rg_data_emissao: dataDe(idEm(rg, OID_RG_EMISSAO)),
    codigo_cns: cns[0]?.numero ?? null,
    nis,
    titulo_eleitor: tituloNumero,
    titulo_zona: tituloNumero ? digitos(idEm(titulo, OID_TITULO_ZONA), 1, 4) : null,
    titulo_secao: tituloNumero ? digitos(idEm(titulo, OID_TITULO_SECAO), 1, 4) : null,
    certidao_tipo: certidaoTipo && certidaoTipo !== 'obito' ? certidaoTipo : null,
    certidao_cartorio: texto(idEm(certidao, parteCertidao(1)), 100),
    certidao_livro: texto(idEm(certidao, parteCertidao(2)), 8),
    certidao_folha: texto(idEm(certidao, parteCertidao(3)), 4),
    certidao_termo: texto(idEm(certidao, parteCertidao(4)), 8),
    certidao_data_emissao: dataDe(idEm(certidao, parteCertidao(5))),
    certidao_matricula: digitos(idEm(certidao, OID_CERTIDAO_MATRICULA), 32, 32),
    nacionalidade_id: nacionalidade,
    municipio_nascimento_ibge: brasileiro ? (naturalidade?.ibge ?? null) : null,
    municipio_nascimento_nome: brasileiro ? (naturalidade?.nome ?? null) : null,
    data_entrada_brasil: dataDe(idEm(naturalizacao ?? estrangeiro, OID_ENTRADA_BRASIL)),
    data_naturalizacao: dataDe(idEm(naturalizacao, OID_NATURALIZACAO)),
    portaria_naturalizacao: idEm(naturalizacao, OID_PORTARIA)?.slice(0, 16) ?? null,
    residencia_cep: cep.length === 8 ? cep : null,
    residencia_uf: residencia?.uf ?? (txt(filho(addr, 'state'))?.slice(0, 2).toUpperCase() || null),
    residencia_municipio_ibge: residencia?.ibge ?? null,
    residencia_municipio_nome: residencia?.nome ?? null,
    residencia_tipo_logradouro: tipo && findBy(tipoLogradouro, 'codigo', tipo) ? tipo : null,
    residencia_logradouro: txt(filho(addr, 'streetName'))?.slice(0, 72) ?? null,
    residencia_numero: txt(filho(addr, 'houseNumber'))?.slice(0, 10) ?? null,
    residencia_complemento: txt(filho(addr, 'unitID'))?.slice(0, 30) ?? null,
    residencia_bairro: txt(filho(addr, 'additionalLocator'))?.slice(0, 72) ?? null,
    telefone_residencial: tel.residencial,
    telefone_celular: tel.celular,
    telefone_contato: tel.contato,
    email: email && email.length <= 100 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? email : null,
    motivo_saida_cadastro_id: falecido || certidaoObito ? MOTIVO_SAIDA_OBITO : null,
    data_obito: dataObito,
  };
  return { campos, cns };
}
