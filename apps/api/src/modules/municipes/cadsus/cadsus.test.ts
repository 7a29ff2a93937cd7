import { cadsusMsg } from '@saude/shared/schemas/municipe_cadsus';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { msg, perfilPermissions, perfis } from '@saude/shared';
import { pisCheckDigit } from '@saude/shared/validation/pis';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { auditoria } from '../../../db/schema';
import {
  iniciarCadsusStandIn,
  respostaNaoEncontrada,
  type CadsusStandIn,
  type PessoaCadsus,
} from '../../../test/cadsus-standin';
import { fixtures, type Usuario } from '../../../test/fixtures';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { cnsFor, cnsProvisorioFor, cpfFor, nextSeq } from '../../../test/municipe-data';
import { consultarCadsus, verificarCertificado, type CadsusConfig } from './client';
import { arvore, lerResposta, pedido } from './pdq';
import { estado } from './service';

// Issue 24: the national registry lookup against a stand-in PDQ service started here (node:http, recorded shapes).

const url = '/api/v1/municipes/cadsus';
const CREDENCIAIS = { usuario: 'CADSUS.MUNICIPIO.TESTE', senha: 'segredo-do-teste' };
/** The app waits this long for the registry: short enough to test, long for a stand-in on this machine. */
const TIMEOUT_MS = 2000;
const PFX = path.join(import.meta.dirname, 'fixtures/municipio-teste.pfx');
/** A real PDQ answer, copied from ../shared/reference/cadsus (its README says what it shows). */
/** The fields issue 43 added (mpi-client's handlers): neither the real answer nor the stand-in's person sends any. */
const NENHUM_CAMPO_NOVO = Object.fromEntries(
  [
    'etnia_id',
    'nis',
    'titulo_eleitor',
    'titulo_zona',
    'titulo_secao',
    'certidao_tipo',
    'certidao_cartorio',
    'certidao_livro',
    'certidao_folha',
    'certidao_termo',
    'certidao_data_emissao',
    'certidao_matricula',
    'data_entrada_brasil',
    'data_naturalizacao',
    'portaria_naturalizacao',
    'motivo_saida_cadastro_id',
    'data_obito',
  ].map((k) => [k, null]),
);
const REAL = path.join(import.meta.dirname, 'fixtures/resposta-pdq-exemplo.xml');
const OFICIAL = path.resolve(
  import.meta.dirname,
  '../../../../../../../shared/reference/cadsus/resposta-pdq-exemplo.xml',
);

describe(url, () => {
  let cadsus: CadsusStandIn;
  let t: TestApp;
  let recepcao: Usuario;
  let unidade: { id: string };

  beforeAll(async () => {
    cadsus = await iniciarCadsusStandIn({ ...CREDENCIAIS });
    t = await buildTestApp({
      CADSUS_URL: cadsus.url,
      CADSUS_USUARIO: CREDENCIAIS.usuario,
      CADSUS_SENHA: CREDENCIAIS.senha,
      CADSUS_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    const f = fixtures(t);
    const territorio = await f.territorio();
    unidade = territorio.unidade;
    recepcao = await f.usuario({ perfil: 'recepcao', unidade });
  });
  afterAll(async () => {
    await t?.close();
    await cadsus?.close();
  });

  const get = (query: string, headers = recepcao.headers) =>
    t.app.inject({ method: 'GET', url: `${url}?${query}`, headers });
  const ultimaAuditoria = async () =>
    (
      await t.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.resource, 'municipes/cadsus'), eq(auditoria.action, 'show')))
        .orderBy(desc(auditoria.id))
        .limit(1)
    )[0]!;

  /** A person the registry knows, with fresh numbers: a definitive CNS listed after a provisional one. */
  function pessoaNoCadsus(over: Partial<PessoaCadsus> = {}) {
    const s = nextSeq();
    const pessoa: PessoaCadsus & { cpf: string; mae: string } = {
      nome: `MARIA DAS DORES TESTE ${s}`,
      nome_social: 'DORINHA',
      mae: 'JOANA DAS DORES',
      pai: 'JOSE TESTE',
      nascimento: '1984-03-09',
      sexo: 'F' as const,
      raca: '03',
      cpf: cpfFor(s),
      cns: [
        { numero: cnsProvisorioFor(s), situacao: 'P' as const },
        { numero: cnsFor(s), situacao: 'D' as const },
      ],
      endereco: {
        cep: '70040010',
        cidade: '530010',
        uf: 'DF',
        tipo: '081',
        logradouro: 'DAS ACACIAS',
        numero: '120',
        complemento: 'CASA 2',
        bairro: 'ASA SUL',
      },
      naturalidade: '310620',
      telefones: [
        { valor: 'tel:+55-61-33445566', uso: 'PRN' },
        { valor: 'tel:+55-61-991837465', uso: 'ASN' },
      ],
      email: 'Dorinha@Exemplo.com.br',
      ...over,
    } as PessoaCadsus & { cpf: string; mae: string };
    cadsus.pessoas.set(pessoa.cpf, pessoa);
    for (const c of pessoa.cns) cadsus.pessoas.set(c.numero, pessoa);
    return pessoa;
  }

  describe('found', () => {
    it('maps the registry answer to the citizen form fields, definitive CNS first, and asks with WS-Security', async () => {
      const p = pessoaNoCadsus();
      const mascarado = `${p.cpf.slice(0, 3)}.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-${p.cpf.slice(9)}`;
      const res = await get(`cpf=${encodeURIComponent(mascarado)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        campos: {
          nome: p.nome,
          nome_social: 'DORINHA',
          nome_mae: 'JOANA DAS DORES',
          mae_desconhecida: null,
          nome_pai: 'JOSE TESTE',
          pai_desconhecido: null,
          data_nascimento: '1984-03-09',
          sexo_id: 1,
          // CADSUS 03 (parda) is e-SUS 4.
          raca_cor_id: 4,
          cpf_numero: p.cpf,
          rg_numero: null,
          rg_uf: null,
          rg_data_emissao: null,
          codigo_cns: p.cns[1]!.numero,
          nacionalidade_id: 1,
          municipio_nascimento_ibge: '3106200',
          municipio_nascimento_nome: 'BELO HORIZONTE',
          residencia_cep: '70040010',
          residencia_uf: 'DF',
          residencia_municipio_ibge: '5300108',
          residencia_municipio_nome: 'BRASÍLIA',
          residencia_tipo_logradouro: '081',
          residencia_logradouro: 'DAS ACACIAS',
          residencia_numero: '120',
          residencia_complemento: 'CASA 2',
          residencia_bairro: 'ASA SUL',
          telefone_residencial: '6133445566',
          telefone_celular: '61991837465',
          telefone_contato: null,
          email: 'dorinha@exemplo.com.br',
          ...NENHUM_CAMPO_NOVO,
        },
        cns: [
          { numero: p.cns[1]!.numero, definitivo: true },
          { numero: p.cns[0]!.numero, definitivo: false },
        ],
        ja_cadastrados: [],
      });
      const enviado = cadsus.pedidos.at(-1)!;
      expect(enviado).toContain(`<value root="2.16.840.1.113883.13.237" extension="${p.cpf}"/>`);
      expect(enviado).toContain('<PRPA_IN201305UV02');
      expect(enviado).toContain(`<wsse:Username>${CREDENCIAIS.usuario}</wsse:Username>`);
    });

    it('audits the lookup with the fields that came, never the number or the data', async () => {
      const p = pessoaNoCadsus();
      expect((await get(`cpf=${p.cpf}`)).statusCode).toBe(200);
      const row = await ultimaAuditoria();
      expect(row).toMatchObject({ profissional_id: recepcao.id, unidade_saude_id: unidade.id, municipe_ids: null });
      expect(row.details).toMatchObject({ por: 'cpf', resultado: 'encontrado' });
      expect((row.details as { campos: string[] }).campos).toContain('nome_mae');
      const texto = JSON.stringify(row);
      for (const valor of [p.cpf, p.nome, p.mae, p.cns[1]!.numero, '70040010']) expect(texto).not.toContain(valor);
    });

    it('by CNS, names the citizens of our registry with those numbers and their audit names them', async () => {
      const p = pessoaNoCadsus();
      const local = await fixtures(t).municipe({ codigo_cns: p.cns[1]!.numero, cpf_numero: null });
      const res = await get(`cns=${p.cns[0]!.numero}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().ja_cadastrados).toEqual([{ id: local.id, nome: local.nome }]);
      expect(cadsus.pedidos.at(-1)).toContain(
        `<value root="2.16.840.1.113883.13.236" extension="${p.cns[0]!.numero}"/>`,
      );
      const row = await ultimaAuditoria();
      expect(row.municipe_ids).toEqual([local.id]);
      expect(row.details).toMatchObject({ por: 'cns' });
    });
  });

  describe('refused or failed: the form goes on', () => {
    it('answers 404 "not found in the national registry" offering the advanced search', async () => {
      const res = await get(`cpf=${cpfFor(nextSeq())}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'nao_encontrado', message: msg.cadsusNaoEncontrado });
      expect((await ultimaAuditoria()).details).toEqual({ por: 'cpf', resultado: 'nao_encontrado' });
    });

    it('answers 502 "authentication failed" when the registry refuses the municipality credentials', async () => {
      const p = pessoaNoCadsus();
      // DATASUS changed the municipality's password: the stand-in now accepts another one.
      cadsus.credenciais.senha = 'trocada-no-datasus';
      try {
        const res = await get(`cpf=${p.cpf}`);
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({ code: 'servico_autenticacao', message: msg.cadsusFalhaAutenticacao });
        expect((await ultimaAuditoria()).details).toEqual({ por: 'cpf', resultado: 'falha_autenticacao' });
      } finally {
        cadsus.credenciais.senha = CREDENCIAIS.senha;
      }
      expect((await get(`cpf=${p.cpf}`)).statusCode).toBe(200);
    });

    it('answers 503 "unavailable" within the deadline when the registry is slow, and the stand-in is still waiting', async () => {
      const cpf = cpfFor(nextSeq());
      cadsus.lentos.set(cpf, 60_000);
      const inicio = Date.now();
      const res = await get(`cpf=${cpf}`);
      const decorrido = Date.now() - inicio;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'servico_indisponivel', message: cadsusMsg.cadsusTempoEsgotado });
      expect(decorrido).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      // The deadline, not the stand-in's minute, ended it (room for a machine three times slower).
      expect(decorrido).toBeLessThan(TIMEOUT_MS + 15_000);
      expect((await ultimaAuditoria()).details).toEqual({ por: 'cpf', resultado: 'tempo_esgotado' });
    });

    it('answers 503 "unavailable" for a malformed answer and for a service that is down', async () => {
      const quebrado = cpfFor(nextSeq());
      cadsus.malformados.add(quebrado);
      const caido = cpfFor(nextSeq());
      cadsus.fora.add(caido);
      for (const cpf of [quebrado, caido]) {
        const res = await get(`cpf=${cpf}`);
        expect(res.statusCode, cpf).toBe(503);
        expect(res.json()).toMatchObject({ code: 'servico_indisponivel', message: cadsusMsg.cadsusIndisponivel });
      }
    });
  });

  describe('input', () => {
    it.each([
      ['nothing', '', 'cpf', cadsusMsg.cadsusInformeCpfOuCns],
      ['blanks', 'cpf=%20%20&cns=', 'cpf', cadsusMsg.cadsusInformeCpfOuCns],
      ['both', `cpf=${cpfFor(1)}&cns=${cnsFor(1)}`, 'cns', cadsusMsg.cadsusApenasUm],
      ['a wrong CPF', 'cpf=12345678900', 'cpf', msg.naoEValido],
      ['a wrong CNS', 'cns=123456789012345', 'cns', msg.naoEValido],
      ['a NUL byte', 'cpf=%00', 'cpf', null],
    ])('answers 422 for %s, asking nothing of the registry', async (_caso, query, campo, mensagem) => {
      const antes = cadsus.pedidos.length;
      const res = await get(query);
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json<{ errors: Record<string, string[]> }>().errors;
      if (mensagem) expect(errors[campo]).toEqual([mensagem]);
      else expect(errors).not.toEqual({});
      expect(cadsus.pedidos.length).toBe(antes);
    });
  });

  describe('access', () => {
    it('answers 403 to every demo profile without municipes:cadsus, and looks up for the others', async () => {
      const p = pessoaNoCadsus();
      const f = fixtures(t);
      for (const perfil of perfis) {
        const u = await f.usuario({ perfil, unidade });
        const pode = perfilPermissions[perfil].includes('municipes:cadsus');
        for (const rota of [`${url}?cpf=${p.cpf}`, '/api/v1/ferramentas/parametrizacao/cadsus']) {
          const res = await t.app.inject({ method: 'GET', url: rota, headers: u.headers });
          expect(res.statusCode, `${perfil} ${rota}`).toBe(pode ? 200 : 403);
        }
      }
      // Those who register or correct citizens look up; surveillance and endemic agents do not.
      expect(perfis.filter((perfil) => perfilPermissions[perfil].includes('municipes:cadsus'))).toEqual([
        'gestor',
        'recepcao',
        'medico',
        'enfermagem',
        'acs',
      ]);
    });

    it('answers 401 without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${url}?cpf=${cpfFor(2)}` });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('GET /candidatos: by name, birth date and mother (issue 43)', () => {
    const candidatos = (q: Record<string, string>, headers = recepcao.headers) =>
      t.app.inject({ method: 'GET', url: `${url}/candidatos?${new URLSearchParams(q)}`, headers });

    /** Two homonyms born the same day, told apart by mother, city and documents. */
    function homonimos() {
      const nome = `JOSEFA HOMONIMA ${nextSeq()}`;
      const a = pessoaNoCadsus({ nome, mae: 'MARIA APARECIDA', nascimento: '1990-05-17' });
      const b = pessoaNoCadsus({
        nome,
        mae: 'ANTONIA PEREIRA',
        nascimento: '1990-05-17',
        sexo: 'F',
        endereco: { ...a.endereco!, cidade: '330455', uf: 'RJ' },
      });
      return { nome, a, b };
    }

    it('lists every candidate with enough to tell them apart, the documents masked, asking as the registry client does', async () => {
      const { nome, a, b } = homonimos();
      const res = await candidatos({ nome: nome.toLowerCase(), data_nascimento: '17/05/1990' });
      expect(res.statusCode, res.body).toBe(200);
      const corpo = res.json();
      expect(corpo.total).toBe(2);
      expect(corpo.candidatos).toHaveLength(2);
      const [ca, cb] = [a, b].map((p) => corpo.candidatos.find((c: { nome_mae: string }) => c.nome_mae === p.mae));
      expect(ca).toMatchObject({
        nome,
        data_nascimento: '1990-05-17',
        nome_mae: 'MARIA APARECIDA',
        sexo_id: 1,
        municipio: 'BRASÍLIA',
        uf: 'DF',
        cpf_mascarado: `***.${a.cpf.slice(3, 6)}.${a.cpf.slice(6, 9)}-**`,
        cns_mascarado: `${a.cns[1]!.numero.slice(0, 3)} **** **** ${a.cns[1]!.numero.slice(-3)}`,
        ja_cadastrado: null,
      });
      expect(cb).toMatchObject({ municipio: 'RIO DE JANEIRO', uf: 'RJ' });
      // No full number leaves the server in the list.
      for (const numero of [a.cpf, b.cpf, ...a.cns.map((c) => c.numero), ...b.cns.map((c) => c.numero)])
        expect(res.body).not.toContain(numero);
      const enviado = cadsus.pedidos.at(-1)!;
      expect(enviado).toContain('<livingSubjectBirthTime><value value="19900517"/>');
      expect(enviado).toContain(`<livingSubjectName><value use="L"><given>${nome}</given></value>`);
      expect(enviado).not.toContain('mothersMaidenName');
      expect(enviado).not.toContain('livingSubjectId');

      // Opening one candidate asks the registry by its definitive CNS and answers the whole record.
      const aberto = await get(`candidato=${encodeURIComponent(cb.candidato)}`);
      expect(aberto.statusCode, aberto.body).toBe(200);
      expect(aberto.json().campos).toMatchObject({ nome, nome_mae: 'ANTONIA PEREIRA', cpf_numero: b.cpf });
      expect(cadsus.pedidos.at(-1)).toContain(`extension="${b.cns[1]!.numero}"`);
      expect((await ultimaAuditoria()).details).toMatchObject({ por: 'nome', resultado: 'encontrado' });
    });

    it("narrows by the mother's name and audits the search without any name", async () => {
      const { nome, a } = homonimos();
      const res = await candidatos({ nome, data_nascimento: '17/05/1990', nome_mae: 'Maria Aparecida' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().candidatos.map((c: { nome_mae: string }) => c.nome_mae)).toEqual(['MARIA APARECIDA']);
      expect(cadsus.pedidos.at(-1)).toContain(
        '<mothersMaidenName><value use="L"><family>MARIA APARECIDA</family></value>',
      );
      const row = await ultimaAuditoria();
      expect(row.details).toEqual({ por: 'nome', com_mae: true, resultado: 'candidatos', quantidade: 1, total: 1 });
      const texto = JSON.stringify(row);
      for (const v of [nome, a.mae, a.cpf, '1990']) expect(texto).not.toContain(v);
    });

    it('says which candidate is already a citizen here, and the audit names that citizen', async () => {
      const { nome, a } = homonimos();
      const local = await fixtures(t).municipe({ codigo_cns: a.cns[1]!.numero, cpf_numero: null });
      const res = await candidatos({ nome, data_nascimento: '17/05/1990', nome_mae: a.mae });
      expect(res.json().candidatos[0].ja_cadastrado).toEqual({ id: local.id, nome: local.nome });
      expect((await ultimaAuditoria()).municipe_ids).toEqual([local.id]);
    });

    it('answers an empty list when nobody matches', async () => {
      const res = await candidatos({ nome: `NINGUEM ${nextSeq()}`, data_nascimento: '01/01/1950' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ candidatos: [], total: 0 });
      expect((await ultimaAuditoria()).details).toMatchObject({ resultado: 'candidatos', quantidade: 0 });
    });

    it('answers 503 "unavailable" (never "not authorized") when the registry is down or talks nonsense', async () => {
      const caido = `FORA DO AR ${nextSeq()}`;
      const quebrado = `QUEBRADO ${nextSeq()}`;
      cadsus.fora.add(caido);
      cadsus.malformados.add(quebrado);
      for (const nome of [caido, quebrado]) {
        const res = await candidatos({ nome, data_nascimento: '01/01/1950' });
        expect(res.statusCode, nome).toBe(503);
        expect(res.json()).toMatchObject({ code: 'servico_indisponivel', message: cadsusMsg.cadsusIndisponivel });
        expect(res.json().message).not.toBe(msg.naoAutorizado);
      }
      expect((await ultimaAuditoria()).details).toMatchObject({ por: 'nome', resultado: 'invalida' });
    });

    it.each([
      ['a blank name', { nome: '   ', data_nascimento: '01/01/1950' }, 'nome', msg.obrigatorio],
      ['a short name', { nome: 'AB', data_nascimento: '01/01/1950' }, 'nome', msg.min(3)],
      ['no birth date', { nome: 'JOSE DA SILVA' }, 'data_nascimento', msg.obrigatorio],
      [
        'an impossible date',
        { nome: 'JOSE DA SILVA', data_nascimento: '31/02/1990' },
        'data_nascimento',
        msg.dateFormat,
      ],
      ['an ISO date', { nome: 'JOSE DA SILVA', data_nascimento: '1990-01-01' }, 'data_nascimento', msg.dateFormat],
      ['a future date', { nome: 'JOSE DA SILVA', data_nascimento: '01/01/2999' }, 'data_nascimento', msg.dataFutura],
      [
        "a short mother's name",
        { nome: 'JOSE DA SILVA', data_nascimento: '01/01/1950', nome_mae: 'A' },
        'nome_mae',
        msg.min(3),
      ],
      ['a NUL byte', { nome: 'JOSE\u0000SILVA', data_nascimento: '01/01/1950' }, 'nome', null],
    ])('answers 422 for %s, asking nothing of the registry', async (_caso, q, campo, mensagem) => {
      const antes = cadsus.pedidos.length;
      const res = await candidatos(q as Record<string, string>);
      expect(res.statusCode, res.body).toBe(422);
      const errors = res.json<{ errors: Record<string, string[]> }>().errors;
      if (mensagem) expect(errors[campo]).toEqual([mensagem]);
      else expect(Object.keys(errors).length).toBeGreaterThan(0);
      expect(cadsus.pedidos.length).toBe(antes);
    });

    it("refuses a candidate reference that is tampered with or another user's, asking nothing", async () => {
      const { nome } = homonimos();
      const ref = (await candidatos({ nome, data_nascimento: '17/05/1990' })).json().candidatos[0].candidato as string;
      const outro = await fixtures(t).usuario({ perfil: 'recepcao', unidade });
      const antes = cadsus.pedidos.length;
      const trocado = `${ref.slice(0, -2)}${ref.endsWith('A') ? 'B' : 'A'}${ref.slice(-1)}`;
      for (const [r, headers] of [
        [trocado, recepcao.headers],
        [ref, outro.headers],
        ['nao-e-referencia', recepcao.headers],
      ] as const) {
        const res = await get(`candidato=${encodeURIComponent(r)}`, headers);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors).toEqual({ candidato: [cadsusMsg.cadsusCandidatoExpirado] });
      }
      expect(cadsus.pedidos.length).toBe(antes);
    });

    it('answers 403 to the profiles without municipes:cadsus and 401 without a session', async () => {
      const f = fixtures(t);
      const q = { nome: 'JOSE DA SILVA', data_nascimento: '01/01/1950' };
      for (const perfil of perfis) {
        const u = await f.usuario({ perfil, unidade });
        const res = await candidatos(q, u.headers);
        expect(res.statusCode, perfil).toBe(perfilPermissions[perfil].includes('municipes:cadsus') ? 200 : 403);
      }
      expect(
        (await t.app.inject({ method: 'GET', url: `${url}/candidatos?${new URLSearchParams(q)}` })).statusCode,
      ).toBe(401);
    });
  });

  describe('GET /api/v1/ferramentas/parametrizacao/cadsus', () => {
    it('says the service is configured with a user token, without any secret', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/ferramentas/parametrizacao/cadsus',
        headers: recepcao.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        configurado: true,
        servico: new URL(cadsus.url).host,
        autenticacao: 'usuario',
        token_valido: true,
        certificado: null,
        timeout_ms: TIMEOUT_MS,
      });
      expect(res.body).not.toContain(CREDENCIAIS.senha);
    });
  });
});

describe('CADSUS client and messages', () => {
  const base = (over: Partial<CadsusConfig> = {}): CadsusConfig => ({
    CADSUS_URL: 'http://127.0.0.1:9/cadsus',
    CADSUS_CERT_PATH: null,
    CADSUS_CERT_SENHA: null,
    CADSUS_USUARIO: null,
    CADSUS_SENHA: null,
    CADSUS_TIMEOUT_MS: 5000,
    ...over,
  });

  it('waits 5 s by default and reads the settings from the environment', () => {
    const c = loadConfig({ DATA_DIR: '/x', CADSUS_URL: 'https://servicos.saude.gov.br/cadsus/v5r0/CadsusService' });
    expect(c.CADSUS_TIMEOUT_MS).toBe(5000);
    expect(c.CADSUS_CERT_PATH).toBeNull();
    expect(() => loadConfig({ DATA_DIR: '/x', CADSUS_URL: 'não é url' })).toThrow(/CADSUS_URL/);
  });

  it('is "not configured" without a URL, and "unavailable" when nothing listens or the certificate file is missing', async () => {
    expect(await consultarCadsus(base({ CADSUS_URL: null }), { cpf: cpfFor(3) })).toEqual({ tipo: 'nao_configurado' });
    expect(await consultarCadsus(base(), { cpf: cpfFor(3) })).toEqual({ tipo: 'indisponivel' });
    const semArquivo = base({ CADSUS_URL: 'https://127.0.0.1:9/x', CADSUS_CERT_PATH: '/nao/existe.pfx' });
    expect(await consultarCadsus(semArquivo, { cpf: cpfFor(3) })).toEqual({ tipo: 'indisponivel' });
  });

  it('reports the certificate: valid with its holder and end date, wrong password, missing file, expired', () => {
    const ok = verificarCertificado(base({ CADSUS_CERT_PATH: PFX, CADSUS_CERT_SENHA: 'senha-de-teste' }));
    expect(ok).toMatchObject({ valido: true, titular: 'MUNICIPIO DE TESTE:00000000000191', problema: null });
    expect(ok!.validade_fim! > '2100').toBe(true);
    expect(verificarCertificado(base({ CADSUS_CERT_PATH: PFX, CADSUS_CERT_SENHA: 'errada' }))).toMatchObject({
      valido: false,
      problema: expect.stringMatching(/senha errada/),
    });
    expect(verificarCertificado(base({ CADSUS_CERT_PATH: '/nao/existe.pfx' }))).toMatchObject({ valido: false });
    const depois = verificarCertificado(
      base({ CADSUS_CERT_PATH: PFX, CADSUS_CERT_SENHA: 'senha-de-teste' }),
      new Date('2200-01-01'),
    );
    expect(depois).toMatchObject({ valido: false, problema: 'O certificado venceu.' });
    expect(estado(base({ CADSUS_CERT_PATH: PFX, CADSUS_CERT_SENHA: 'errada' }))).toMatchObject({
      configurado: true,
      autenticacao: 'certificado',
      token_valido: false,
    });
    expect(estado(base({ CADSUS_URL: null }))).toMatchObject({
      configurado: false,
      token_valido: false,
      servico: null,
    });
  });

  it('reads a WS-Security fault or HTTP 401 as an authentication failure, other faults and nonsense as invalid', () => {
    const fault = (sub: string, texto: string) =>
      `<S:Envelope xmlns:S="http://www.w3.org/2003/05/soap-envelope"><S:Body><S:Fault><S:Code><S:Value>S:Sender</S:Value><S:Subcode><S:Value>${sub}</S:Value></S:Subcode></S:Code><S:Reason><S:Text>${texto}</S:Text></S:Reason></S:Fault></S:Body></S:Envelope>`;
    expect(lerResposta(500, fault('wsse:FailedAuthentication', 'x'))).toEqual({ tipo: 'falha_autenticacao' });
    expect(lerResposta(500, fault('S:Server', 'NullPointerException'))).toEqual({ tipo: 'invalida' });
    expect(lerResposta(401, '')).toEqual({ tipo: 'falha_autenticacao' });
    expect(lerResposta(200, '')).toEqual({ tipo: 'invalida' });
    expect(lerResposta(200, '{"json": true}')).toEqual({ tipo: 'invalida' });
    expect(lerResposta(200, respostaNaoEncontrada())).toEqual({ tipo: 'nao_encontrado' });
    // An answer that is not PDQ's (another service at that URL).
    expect(lerResposta(200, '<S:Envelope xmlns:S="x"><S:Body><outra/></S:Body></S:Envelope>')).toEqual({
      tipo: 'invalida',
    });
  });

  it('reads the real answer of the registry (../shared/reference/cadsus: mpi-client SeverinoFaustino.xml), bare or in an envelope', () => {
    const real = readFileSync(REAL, 'utf8');
    if (existsSync(OFICIAL)) expect(real).toBe(readFileSync(OFICIAL, 'utf8'));
    const esperado = {
      tipo: 'encontrado',
      pessoa: {
        cns: [{ numero: '898002940850595', definitivo: true }],
        campos: {
          nome: 'SEVERINO FAUSTINO',
          nome_social: null,
          nome_mae: 'AMALIA COELHO DE MELO',
          mae_desconhecida: null,
          // "SEM INFORMAÇÃO": an unknown father, not a father of that name.
          nome_pai: null,
          pai_desconhecido: true,
          data_nascimento: '1938-06-25',
          sexo_id: 0,
          raca_cor_id: 2,
          cpf_numero: null,
          // The identity card group: number, UF and issue date; the issuing body's code (81) is left out.
          rg_numero: '01350389',
          rg_uf: 'RJ',
          rg_data_emissao: '1989-01-27',
          codigo_cns: '898002940850595',
          nacionalidade_id: 1,
          // 330455: the 6-digit IBGE code of Rio de Janeiro (3304557).
          municipio_nascimento_ibge: '3304557',
          municipio_nascimento_nome: 'RIO DE JANEIRO',
          residencia_cep: '22763550',
          residencia_uf: 'RJ',
          residencia_municipio_ibge: '3304557',
          residencia_municipio_nome: 'RIO DE JANEIRO',
          residencia_tipo_logradouro: '065',
          residencia_logradouro: 'DA BIBLIA',
          residencia_numero: '64',
          residencia_complemento: 'FDS CASA',
          residencia_bairro: 'CIDADE DE DEUS',
          telefone_residencial: null,
          telefone_celular: null,
          telefone_contato: null,
          email: null,
          // No deceasedInd: alive; and none of the other fields issue 43 added came.
          ...NENHUM_CAMPO_NOVO,
        },
      },
    };
    expect(lerResposta(200, real)).toEqual(esperado);
    const envelope = `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>${real}</soap:Body></soap:Envelope>`;
    expect(lerResposta(200, envelope)).toEqual(esperado);
  });

  it('refuses a DOCTYPE, so no entity of the answer is ever expanded', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><S:Envelope xmlns:S="x"><S:Body>&e;</S:Body></S:Envelope>`;
    expect(() => arvore(xxe)).toThrow();
    expect(lerResposta(200, xxe)).toEqual({ tipo: 'invalida' });
  });

  it('escapes the credentials in the request', () => {
    const xml = pedido({ cns: cnsFor(4) }, { nome: 'a<b', senha: 'x"&y' });
    expect(xml).toContain('<wsse:Username>a&lt;b</wsse:Username>');
    expect(xml).toContain('>x&quot;&amp;y</wsse:Password>');
    expect(() => arvore(xml)).not.toThrow();
    expect(pedido({ cpf: cpfFor(4) }, null)).toContain('<soap:Header/>');
  });
});

// Issue 43: each field against the registry client's response handler (laboratoriobridge/mpi-client
// responsehandler/pdq), on synthetic answers (no real person): docs/decisions.md "Issue 43: CADSUS fields…".
describe("CADSUS answer, field by field against mpi-client's handlers", () => {
  const CNS = '2.16.840.1.113883.13.236';
  const grupo = (...ids: Array<[string, string]>) =>
    `<asOtherIDs classCode="ROL">${ids.map(([root, ext]) => `<id root="${root}" extension="${ext}"/>`).join('')}<scopingOrganization classCode="ORG" determinerCode="INSTANCE"><id root="${ids[0]![0]}"/></scopingOrganization></asOtherIDs>`;
  const LEGAL = '<name use="L"><given>PESSOA SINTETICA DE TESTE</given></name>';
  /** The fields read from an answer whose patientPerson holds `xml` (bare message, as the client's fixtures). */
  const campos = (xml: string) => {
    const r = lerResposta(
      200,
      `<PRPA_IN201306UV02 xmlns="hl7-org:v3" ITSVersion="XML_1.0"><controlActProcess classCode="CACT" moodCode="EVN"><subject typeCode="SUBJ"><registrationEvent><subject1><patient><patientPerson>${xml}</patientPerson></patient></subject1></registrationEvent></subject><queryAck><queryResponseCode code="OK"/></queryAck></controlActProcess></PRPA_IN201306UV02>`,
    );
    if (r.tipo !== 'encontrado') throw new Error(r.tipo);
    return r.pessoa;
  };

  it('DeceasedInd/DeceasedTimeHandler: a dead person comes as the exit "óbito" with its date, never as alive', () => {
    expect(campos(`${LEGAL}<deceasedInd value="true"/><deceasedTime value="20240105000000"/>`).campos).toMatchObject({
      motivo_saida_cadastro_id: 135,
      data_obito: '2024-01-05',
    });
    // Dead without a date: the exit is "óbito" and the form asks the date (data_obito is required with it).
    expect(campos(`${LEGAL}<deceasedInd value="true"/>`).campos).toMatchObject({
      motivo_saida_cadastro_id: 135,
      data_obito: null,
    });
    // The client's own request writes deceasedTime as yyyyMMdd: read too; a date alone says the person died.
    expect(campos(`${LEGAL}<deceasedTime value="20231130"/>`).campos).toMatchObject({
      motivo_saida_cadastro_id: 135,
      data_obito: '2023-11-30',
    });
    // An impossible date is no date, but the person still died.
    expect(campos(`${LEGAL}<deceasedTime value="20230231000000"/>`).campos).toMatchObject({
      motivo_saida_cadastro_id: 135,
      data_obito: null,
    });
    expect(campos(`${LEGAL}<deceasedInd value="false"/>`).campos).toMatchObject({
      motivo_saida_cadastro_id: null,
      data_obito: null,
    });
  });

  it("TelecomHandler: CADSUS's use codes PRN residential, ASN mobile, EMR/WPN/ORN contact, NET e-mail", () => {
    const c = campos(
      `${LEGAL}<telecom value="tel:+55-48-32223344" use="PRN"/><telecom value="tel:+55-48-999887766" use="ASN"/>` +
        `<telecom value="tel:+55-48-33334444" use="WPN"/><telecom value="tel:+55-48-988776655" use="EMR"/>` +
        `<telecom value="Teste.Sintetico@Exemplo.com.br" use="NET"/>`,
    ).campos;
    expect(c).toMatchObject({
      telefone_residencial: '4832223344',
      telefone_celular: '48999887766',
      // The work number (WPN) came first and takes the one contact field; the EMR after it finds it taken.
      telefone_contato: '4833334444',
      email: 'teste.sintetico@exemplo.com.br',
    });
    // Before, PRN and ASN fell to "contact": the residential and mobile fields stayed empty.
    const so = campos(`${LEGAL}<telecom value="tel:+55-48-999887766" use="ASN"/>`).campos;
    expect([so.telefone_celular, so.telefone_contato]).toEqual(['48999887766', null]);
    // The HL7 standard codes still read, and the same number is not repeated in two fields.
    expect(
      campos(`${LEGAL}<telecom value="tel:+55-48-32223344" use="H"/><telecom value="tel:+55-48-32223344" use="EMR"/>`)
        .campos,
    ).toMatchObject({ telefone_residencial: '4832223344', telefone_contato: null });
  });

  it('NomeHandler/NomeSocialHandler: the legal name is use="L", the social name ASGN, never one for the other', () => {
    const c = campos(`<name use="ASGN"><given>NOME SOCIAL SINTETICO</given></name>${LEGAL}`).campos;
    expect([c.nome, c.nome_social]).toEqual(['PESSOA SINTETICA DE TESTE', 'NOME SOCIAL SINTETICO']);
    // Only a social name: no legal name (before, the social name was taken as the legal one).
    const so = campos(`<name use="ASGN"><given>NOME SOCIAL SINTETICO</given></name>`).campos;
    expect([so.nome, so.nome_social]).toEqual([null, 'NOME SOCIAL SINTETICO']);
  });

  it('RacaCorHandler and EtniaHandler: CADSUS race codes to e-SUS, the ethnicity of race 05 (indígena) only', () => {
    const raca = (code: string, etnia = '') =>
      campos(`${LEGAL}<raceCode code="${code}"/>${etnia ? `<ethnicGroupCode code="${etnia}"/>` : ''}`).campos;
    expect(['01', '02', '03', '04', '05', '99', 'X'].map((c) => raca(c).raca_cor_id)).toEqual([
      1,
      2,
      4,
      3,
      5,
      null,
      null,
    ]);
    expect(raca('05', 'X265')).toMatchObject({ raca_cor_id: 5, etnia_id: 265 });
    expect(raca('05', '0001').etnia_id).toBe(1);
    // An ethnicity beside another race is not asked by e-SUS: left out; an unknown code too.
    expect(raca('02', '0001').etnia_id).toBeNull();
    expect(raca('05', 'Z999').etnia_id).toBeNull();
  });

  it('AdministrativeGenderCodeHandler: M, F and I (ignorado) to e-SUS 0, 1 and 4', () => {
    const sexo = (code: string) => campos(`${LEGAL}<administrativeGenderCode code="${code}"/>`).campos.sexo_id;
    expect(['M', 'F', 'I', 'U'].map(sexo)).toEqual([0, 1, 4, null]);
  });

  it('BirthPlace/Naturalizado/EstrangeiroHandler: Brazilian, naturalized and foreigner, with their dates', () => {
    const brasileiro = campos(
      `${LEGAL}<birthPlace><addr><city>420540</city><country>010</country></addr></birthPlace>`,
    );
    expect(brasileiro.campos).toMatchObject({ nacionalidade_id: 1, municipio_nascimento_ibge: '4205407' });
    const naturalizado = campos(
      LEGAL +
        grupo(
          ['2.16.840.1.113883.4.713', 'PORT-123/2001'],
          ['2.16.840.1.113883.4.713.1', '19950310'],
          ['2.16.840.1.113883.4.713.2', '20010920'],
        ) +
        '<birthPlace><addr><country>039</country></addr></birthPlace>',
    ).campos;
    expect(naturalizado).toMatchObject({
      nacionalidade_id: 2,
      portaria_naturalizacao: 'PORT-123/2001',
      data_entrada_brasil: '1995-03-10',
      data_naturalizacao: '2001-09-20',
      municipio_nascimento_ibge: null,
    });
    const estrangeiro = campos(LEGAL + grupo(['2.16.840.1.113883.4.713.1', '20190102000000'])).campos;
    expect(estrangeiro).toMatchObject({
      nacionalidade_id: 3,
      data_entrada_brasil: '2019-01-02',
      data_naturalizacao: null,
    });
    // Born abroad without the group: a foreigner (before: no nationality at all), no Brazilian city.
    const fora = campos(`${LEGAL}<birthPlace><addr><city>420540</city><country>021</country></addr></birthPlace>`);
    expect(fora.campos).toMatchObject({ nacionalidade_id: 3, municipio_nascimento_ibge: null });
  });

  it('NisPisPasepHandler and TituloEleitorHandler: the NIS (checked) and the voter card with zone and section', () => {
    const base = `1${String(nextSeq()).padStart(9, '0').slice(-9)}`;
    const nis = `${base}${pisCheckDigit(base)}`;
    const invalido = `${base}${(pisCheckDigit(base) + 1) % 10}`;
    const c = campos(
      LEGAL +
        grupo(['2.16.840.1.113883.13.240', nis]) +
        grupo(
          ['2.16.840.1.113883.13.239', '012345678901'],
          ['2.16.840.1.113883.13.239.1', '0045'],
          ['2.16.840.1.113883.13.239.2', '123'],
        ),
    ).campos;
    expect(c).toMatchObject({ nis, titulo_eleitor: '012345678901', titulo_zona: '0045', titulo_secao: '123' });
    expect(campos(LEGAL + grupo(['2.16.840.1.113883.13.240', invalido])).campos.nis).toBeNull();
  });

  it('CNSHandler: the situation anywhere in its group; definitive wins, provisional after, the first digit otherwise', () => {
    const s = nextSeq();
    const [def, prov] = [cnsFor(s), cnsProvisorioFor(s)];
    // The situation before the number (the client reads it anywhere in the group); the provisional comes first.
    const r = campos(LEGAL + grupo([`${CNS}.1`, 'P'], [CNS, prov]) + grupo([CNS, def], [`${CNS}.1`, 'D']));
    expect(r.cns).toEqual([
      { numero: def, definitivo: true },
      { numero: prov, definitivo: false },
    ]);
    expect(r.campos.codigo_cns).toBe(def);
    // No situation: a 1 or 2 is definitive.
    expect(campos(LEGAL + grupo([CNS, prov]) + grupo([CNS, def])).cns.map((c) => c.definitivo)).toEqual([true, false]);
    // The registry's word, even before the number, wins over the first digit (before, only the next id was looked at).
    const dita = campos(LEGAL + grupo([`${CNS}.1`, 'P'], [CNS, def]) + grupo([CNS, prov], [`${CNS}.1`, 'D']));
    expect(dita.cns).toEqual([
      { numero: prov, definitivo: true },
      { numero: def, definitivo: false },
    ]);
  });

  it('AddressHandler: the home address (H), never a work (WP) or "bad" one nor one abroad; street type as DNE 3 digits', () => {
    const addr = (use: string, cidade: string, pais = '010', tipo = '081') =>
      `<addr use="${use}"><city>${cidade}</city><state>SC</state><postalCode>88010000</postalCode><country>${pais}</country><streetName>SINTETICA</streetName><streetNameType>${tipo}</streetNameType></addr>`;
    const c = campos(LEGAL + addr('WP', '530010') + addr('H', '420540', '010', '81')).campos;
    expect(c).toMatchObject({
      residencia_municipio_ibge: '4205407',
      residencia_uf: 'SC',
      residencia_tipo_logradouro: '081',
    });
    const trabalho = campos(LEGAL + addr('WP', '530010')).campos;
    expect([trabalho.residencia_municipio_ibge, trabalho.residencia_logradouro, trabalho.residencia_cep]).toEqual([
      null,
      null,
      null,
    ]);
    expect(campos(LEGAL + addr('BAD', '420540')).campos.residencia_logradouro).toBeNull();
    expect(campos(LEGAL + addr('H', '420540', '037')).campos.residencia_cep).toBeNull();
    // 999 ("inválido" in the client's table) is no street type of the e-SUS table.
    expect(campos(LEGAL + addr('H', '420540', '010', '999')).campos.residencia_tipo_logradouro).toBeNull();
  });

  it('CertidaoNova/CertidaoAntigaHandler: the first certificate of a kind the form has; a death certificate means death', () => {
    const matricula = '12345601552013100012021000123458';
    const nova = campos(
      LEGAL +
        grupo(
          ['2.16.840.1.113883.13.241.1', 'null'],
          ['2.16.840.1.113883.4.706', matricula],
          ['2.16.840.1.113883.4.706.5', '20130502'],
        ),
    ).campos;
    expect(nova).toMatchObject({
      certidao_tipo: 'nascimento',
      certidao_matricula: matricula,
      certidao_data_emissao: '2013-05-02',
      certidao_livro: null,
      motivo_saida_cadastro_id: null,
    });
    const antiga = campos(
      LEGAL +
        grupo(
          ['2.16.840.1.113883.13.241.4', 'null'],
          ['2.16.840.1.113883.4.706.1', 'CARTORIO SINTETICO'],
          ['2.16.840.1.113883.4.706.2', 'B12'],
          ['2.16.840.1.113883.4.706.3', '34'],
          ['2.16.840.1.113883.4.706.4', '5678'],
          ['2.16.840.1.113883.4.706.5', '19900101'],
        ) +
        grupo(['2.16.840.1.113883.13.241.1', 'null'], ['2.16.840.1.113883.4.706', matricula]),
    ).campos;
    // The registry's order: the marriage certificate came first.
    expect(antiga).toMatchObject({
      certidao_tipo: 'casamento',
      certidao_cartorio: 'CARTORIO SINTETICO',
      certidao_livro: 'B12',
      certidao_folha: '34',
      certidao_termo: '5678',
      certidao_data_emissao: '1990-01-01',
      certidao_matricula: null,
    });
    // A death certificate (old .10 or new .9) is no kind of the form's, but the person is dead.
    for (const root of ['2.16.840.1.113883.13.241.9', '2.16.840.1.113883.13.241.10']) {
      expect(campos(LEGAL + grupo([root, 'null'], ['2.16.840.1.113883.4.706', matricula])).campos).toMatchObject({
        certidao_tipo: null,
        certidao_matricula: null,
        motivo_saida_cadastro_id: 135,
      });
    }
  });
});
