import { msg } from '@saude/shared';
import { imagemMsg } from '@saude/shared/imagem';
import type { ParametrizacaoSistema, UnidadeParametros } from '@saude/shared/schemas/parametrizacao_sistema';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtures, type Headers, type Unidade, UNKNOWN_ID } from '../../../test/fixtures';
import { auditRows, useTestApp } from '../../../test/helpers';

// Issue 21: the managers' edit of the system parameters and of the unit flags.

const url = '/api/v1/ferramentas/parametrizacao';
const flagsUrl = '/api/v1/parametros/unidades_saude';
// The smallest PNG (1×1), and an SVG with a script.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const svg = (s: string) => `data:image/svg+xml;base64,${Buffer.from(s).toString('base64')}`;

describe('system parameters and unit flags', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let unidade: Unidade;
  let gestor: Headers, medico: Headers, recepcao: Headers;

  beforeAll(async () => {
    unidade = await f.unidade({ gerenciamento_filas: true });
    gestor = (await f.usuario({ unidade, perfil: 'gestor' })).headers;
    medico = (await f.usuario({ unidade, perfil: 'medico' })).headers;
    recepcao = (await f.usuario({ unidade, perfil: 'recepcao' })).headers;
  });

  const ler = async (headers: Headers = gestor) =>
    (await t.app.inject({ method: 'GET', url, headers })).json<ParametrizacaoSistema>();
  const gravar = (payload: Record<string, unknown>, headers: Headers = gestor) =>
    t.app.inject({ method: 'PUT', url, headers, payload });
  const corpo = (p: ParametrizacaoSistema, over: Record<string, unknown> = {}) => {
    const { updated_at: _u, ...rest } = p;
    return { ...rest, ...over };
  };

  it('updates the parameters, audits before → after, and the public start-up read shows them', async () => {
    const antes = await ler();
    const res = await gravar(
      corpo(antes, { cliente_nome: '  Prefeitura de Teste ', brasao: PNG, habilita_biometria: true }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const depois = res.json<ParametrizacaoSistema>();
    expect(depois).toMatchObject({ cliente_nome: 'Prefeitura de Teste', brasao: PNG, habilita_biometria: true });
    expect(depois.lock_version).toBe(antes.lock_version + 1);

    const [row] = (await auditRows(t, { resource: 'ferramentas/parametrizacao', action: 'update' })).slice(-1);
    expect(row!.details).toEqual({
      alteracoes: {
        cliente_nome: { de: antes.cliente_nome, para: 'Prefeitura de Teste' },
        brasao: { de: antes.brasao ? 'imagem' : null, para: 'imagem nova' },
        habilita_biometria: { de: antes.habilita_biometria, para: true },
      },
    });

    const publica = await t.app.inject({ method: 'GET', url: '/api/ferramentas/parametrizacao' });
    expect(publica.json()).toMatchObject({
      cliente_nome: 'Prefeitura de Teste',
      brasao: PNG,
      habilita_biometria: true,
    });
    expect(publica.json()).not.toHaveProperty('lock_version');

    // The app's own default image, sent back unchanged, is kept.
    expect((await gravar(corpo(depois, { brasao: '/brasao.svg' }))).json()).toMatchObject({ brasao: '/brasao.svg' });
    const comPadrao = await ler();
    // Removing the crest: null.
    const sem = await gravar(corpo(comPadrao, { brasao: null }));
    expect(sem.json<ParametrizacaoSistema>().brasao).toBeNull();
  });

  it('answers 409 to a stale lock_version and changes nothing', async () => {
    const atual = await ler();
    const res = await gravar(corpo(atual, { cliente_nome: 'Velha', lock_version: atual.lock_version - 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'edicao_desatualizada', message: msg.edicaoDesatualizada });
    expect((await ler()).cliente_nome).toBe(atual.cliente_nome);
  });

  it('refuses a blank name, a NUL byte, a renamed file and an SVG with a script (422, on the field)', async () => {
    const atual = await ler();
    const blank = await gravar(corpo(atual, { cliente_nome: '   ', versao: '' }));
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({ errors: { cliente_nome: [msg.obrigatorio], versao: [msg.obrigatorio] } });
    expect((await gravar(corpo(atual, { cliente_nome: 'A\u0000B' }))).statusCode).toBe(422);
    // PNG bytes declared as JPEG: the type comes from the bytes.
    const renomeado = await gravar(corpo(atual, { brasao: PNG.replace('image/png', 'image/jpeg') }));
    expect(renomeado.json()).toMatchObject({ errors: { brasao: [imagemMsg.tipo] } });
    const ativo = await gravar(
      corpo(atual, { brasao: svg('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>') }),
    );
    expect(ativo.json()).toMatchObject({ errors: { brasao: [imagemMsg.svgAtivo] } });
    for (const fora of ['//mal.example/b.svg', 'https://mal.example/b.svg', '/../etc/passwd', 'javascript:alert(1)'])
      expect((await gravar(corpo(atual, { brasao: fora }))).json(), fora).toMatchObject({
        errors: { brasao: [imagemMsg.dataUrl] },
      });
    const grande = await gravar(corpo(atual, { brasao: `data:image/png;base64,${'A'.repeat(700_000)}` }));
    expect(grande.json()).toMatchObject({ errors: { brasao: [imagemMsg.tamanho] } });
    expect((await ler()).lock_version).toBe(atual.lock_version);
  });

  it('keeps the audit retention in months: 60 at first, 6 to 240, audited, unchanged when left out (issue 41)', async () => {
    const atual = await ler();
    expect(atual.auditoria_meses_online).toBe(60);
    for (const fora of [5, 241, 12.5, 'doze'])
      expect((await gravar(corpo(atual, { auditoria_meses_online: fora }))).json(), String(fora)).toMatchObject({
        errors: {
          auditoria_meses_online: [
            typeof fora === 'string' ? msg.numeric : fora === 12.5 ? msg.integer : msg.between('6', '240'),
          ],
        },
      });
    const res = await gravar(corpo(atual, { auditoria_meses_online: 36 }));
    expect(res.statusCode, res.body).toBe(200);
    const depois = res.json<ParametrizacaoSistema>();
    expect(depois.auditoria_meses_online).toBe(36);
    const [row] = (await auditRows(t)).filter((r) => r.resource === 'ferramentas/parametrizacao').slice(-1);
    expect(row!.details).toEqual({ alteracoes: { auditoria_meses_online: { de: 60, para: 36 } } });
    // A client that does not know the field leaves it as it is.
    const { auditoria_meses_online: _m, ...semCampo } = corpo(depois, { cliente_nome: 'Prefeitura de Teste' });
    const outra = await gravar(semCampo);
    expect(outra.statusCode, outra.body).toBe(200);
    expect(outra.json<ParametrizacaoSistema>().auditoria_meses_online).toBe(36);
  });

  it('keeps the record after a death for 20 years at first, 20 to 100, audited (issue 46, CFM 1.821/2007)', async () => {
    const atual = await ler();
    expect(atual.obito_anos_guarda).toBe(20);
    for (const fora of [19, 101, 20.5])
      expect((await gravar(corpo(atual, { obito_anos_guarda: fora }))).json(), String(fora)).toMatchObject({
        errors: { obito_anos_guarda: [fora === 20.5 ? msg.integer : msg.between('20', '100')] },
      });
    const res = await gravar(corpo(atual, { obito_anos_guarda: 25 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ParametrizacaoSistema>().obito_anos_guarda).toBe(25);
    const [row] = (await auditRows(t)).filter((r) => r.resource === 'ferramentas/parametrizacao').slice(-1);
    expect(row!.details).toEqual({ alteracoes: { obito_anos_guarda: { de: 20, para: 25 } } });
  });

  it('lets a merge be undone for 90 days at first, 0 to 3650, audited (issue 45)', async () => {
    const atual = await ler();
    expect(atual.unificacao_prazo_dias).toBe(90);
    for (const fora of [-1, 3651, 1.5])
      expect((await gravar(corpo(atual, { unificacao_prazo_dias: fora }))).json(), String(fora)).toMatchObject({
        errors: { unificacao_prazo_dias: [fora === 1.5 ? msg.integer : msg.between('0', '3650')] },
      });
    const res = await gravar(corpo(atual, { unificacao_prazo_dias: 30 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ParametrizacaoSistema>().unificacao_prazo_dias).toBe(30);
    const [row] = (await auditRows(t)).filter((r) => r.resource === 'ferramentas/parametrizacao').slice(-1);
    expect(row!.details).toEqual({ alteracoes: { unificacao_prazo_dias: { de: 90, para: 30 } } });
  });

  it('only a manager reads and writes the parameters (403 to the others)', async () => {
    const atual = await ler();
    for (const h of [medico, recepcao]) {
      expect((await t.app.inject({ method: 'GET', url, headers: h })).statusCode).toBe(403);
      expect((await gravar(corpo(atual), h)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  describe('unit flags', () => {
    const listar = async () =>
      (await t.app.inject({ method: 'GET', url: flagsUrl, headers: gestor })).json<UnidadeParametros[]>();
    const daUnidade = async () => (await listar()).find((u) => u.id === unidade.id)!;
    const put = (id: string, payload: Record<string, unknown>, headers: Headers = gestor) =>
      t.app.inject({ method: 'PUT', url: `${flagsUrl}/${id}`, headers, payload });
    const corpoUnidade = (u: UnidadeParametros, over: Record<string, unknown> = {}) => {
      const { id: _i, nome: _n, cnes: _c, ativo: _a, ...rest } = u;
      return { ...rest, ...over };
    };

    it('lists every unit and updates one (audited before → after); the spec §7 read sees it', async () => {
      const antes = await daUnidade();
      expect(antes).toMatchObject({ gerenciamento_filas: true, pronto_atendimento: false, tempo_chamadas: 30 });
      const res = await put(unidade.id, corpoUnidade(antes, { pronto_atendimento: true, tempo_chamadas: 45 }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        pronto_atendimento: true,
        tempo_chamadas: 45,
        lock_version: antes.lock_version + 1,
      });
      const [row] = await auditRows(t, { resource: 'parametros/unidades_saude', record_id: unidade.id });
      expect(row!.details).toEqual({
        alteracoes: { pronto_atendimento: { de: false, para: true }, tempo_chamadas: { de: 30, para: 45 } },
      });
      const lida = await t.app.inject({
        method: 'GET',
        url: `${flagsUrl}/${unidade.id}/pronto_atendimento`,
        headers: medico,
      });
      expect(lida.json()).toEqual({ parametro: 'pronto_atendimento', valor: true });
    });

    it('answers 409 to a stale version, 404 to an unknown or malformed id, 422 to bad values', async () => {
      const atual = await daUnidade();
      const velho = await put(unidade.id, corpoUnidade(atual, { misto: true, lock_version: atual.lock_version - 1 }));
      expect(velho.statusCode).toBe(409);
      expect((await daUnidade()).misto).toBe(false);
      expect((await put(UNKNOWN_ID, corpoUnidade(atual))).statusCode).toBe(404);
      expect((await put('abc', corpoUnidade(atual))).statusCode).toBe(404);
      const ruim = await put(unidade.id, corpoUnidade(atual, { misto: 'sim', tempo_chamadas: 0 }));
      expect(ruim.statusCode).toBe(422);
      expect(ruim.json()).toMatchObject({ errors: { misto: [msg.naoEValido], tempo_chamadas: [msg.naoEValido] } });
      const semFlag = corpoUnidade(atual) as Record<string, unknown>;
      delete semFlag.cpf_cns;
      expect((await put(unidade.id, semFlag)).json()).toMatchObject({ errors: { cpf_cns: [msg.naoEValido] } });
    });

    it('only gestor lists or updates the flags (403 to the other profiles, who still read one flag)', async () => {
      const atual = await daUnidade();
      for (const h of [medico, recepcao]) {
        expect((await t.app.inject({ method: 'GET', url: flagsUrl, headers: h })).statusCode).toBe(403);
        expect((await put(unidade.id, corpoUnidade(atual, { misto: true }), h)).statusCode).toBe(403);
      }
      expect((await daUnidade()).misto).toBe(false);
    });
  });
});
