import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECOES_COPIA, type CopiaMunicipe, type Correcao } from '@saude/shared/schemas/municipe_lgpd';
import { todayIso } from '@saude/shared/validation/dates';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditoria, esusFichasEnviadas, exportacoesEsus, municipeBiometrias } from '../../db/schema';
import { newId } from '../../lib/ids';
import { fixtures, UNKNOWN_ID, type MunicipeRow, type Usuario } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';
import { municipePayload } from '../../test/municipe-data';

/** The PDF's text as pdftotext reads it (poppler-utils), spaces squeezed. */
function textoDoPdf(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'copia-'));
  writeFileSync(join(dir, 'c.pdf'), pdf);
  const r = spawnSync('pdftotext', ['-layout', join(dir, 'c.pdf'), '-'], { encoding: 'utf8' });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error('pdftotext not found: install poppler-utils (README, "Requisitos")');
  if (r.status !== 0) throw new Error(r.stderr);
  // Lines joined: a wrapped value reads as one sentence.
  return r.stdout.replace(/\s+/g, ' ');
}

// The citizen's LGPD rights (issue 46): the copy of everything held, correction requests, and who may ask for them.
describe('the citizen’s copy and correction requests', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let gestor: Usuario;
  let encarregado: Usuario;
  let medico: Usuario;
  let recepcao: Usuario;
  let acs: Usuario;
  let vigilancia: Usuario;
  let ana: MunicipeRow;
  let bruno: MunicipeRow;
  const hoje = todayIso().split('-').reverse().join('/');
  const get = (u: Usuario, url: string) => t.app.inject({ method: 'GET', url, headers: u.headers });
  const send = (u: Usuario, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: u.headers, payload });
  const copia = (id: string, formato: 'pdf' | 'json') => `/api/v1/municipes/${id}/copia.${formato}`;
  const correcoes = (id: string) => `/api/v1/municipes/${id}/correcoes`;

  beforeAll(async () => {
    const { unidade, equipe } = await f.territorio({ unidade: { pronto_atendimento: true } });
    gestor = await f.usuario({ unidade, equipe, perfil: 'gestor', nome: 'Gestora Helena' });
    encarregado = await f.usuario({ unidade, perfil: 'protecao_dados', nome: 'Encarregada Lúcia' });
    medico = await f.usuario({ unidade, equipe, perfil: 'medico' });
    recepcao = await f.usuario({ unidade, perfil: 'recepcao', nome: 'Recepcionista Tânia' });
    acs = await f.usuario({ unidade, equipe, perfil: 'acs', nome: 'Agente Rita' });
    vigilancia = await f.usuario({ unidade, perfil: 'vigilancia' });
    const header = { unidade, equipe, profissional: acs };
    ana = await f.municipe({
      nome: 'Ana Clara Xavante',
      equipe_id: equipe.id,
      raca_cor_id: 4,
      nome_mae: 'Joana Xavante',
      email: 'ana@exemplo.com.br',
      residencia_logradouro: 'DAS ACÁCIAS',
      residencia_municipio_ibge: '5300108',
      prontuarios: [{ numero: 'PR-771', unidade }],
    });
    bruno = await f.municipe({ nome: 'Bruno Quixadá Outro', equipe_id: equipe.id, email: 'bruno@exemplo.com.br' });
    const domicilio = await f.domicilio(header);
    const familia = await f.familia(header, { membros: [bruno, ana], domicilio, numero_prontuario: 'FAM-9' });
    await f.visita(header, { familia, municipe: ana });
    await f.visita(header, { familia, municipe: bruno });
    const cadastro = await f.cadastroIndividual(ana);
    await f.atendimento(header, ana);
    await f.atendimento(header, bruno);
    await f.notificacao(header, ana);
    await f.notificacao(header, bruno, { doenca_agravo_id: '1a' });
    const put = async (u: Usuario, url: string, payload: object) =>
      expect((await send(u, 'PUT', url, payload)).statusCode).toBe(200);
    await put(gestor, `/api/v1/municipes/${ana.id}/condicao_saude`, { lock_version: null, hipertensao: true });
    await put(gestor, `/api/v1/municipes/${ana.id}/sociodemografica`, {
      lock_version: null,
      curso_mais_elevado_id: 51,
    });
    await t.db.insert(municipeBiometrias).values({
      municipe_id: ana.id,
      dedo: 2,
      template_base64: 'TEMPLATE-SECRETO-AAAA',
      qualidade: 87,
      capturada_por: acs.id,
    });
    // An e-SUS export that sent her individual registration, and a CADSUS lookup that named her.
    const exportacao = newId();
    await t.db.insert(exportacoesEsus).values({
      id: exportacao,
      profissional_id: gestor.id,
      unidade_ids: [unidade.id],
      inicio: '2026-01-01',
      fim: '2026-01-31',
    });
    await t.db.insert(esusFichasEnviadas).values({
      tipo: 'individual',
      registro_id: cadastro.id,
      uuid_ficha_originadora: 'x',
      uuid_ficha: 'x',
      versao_enviada: new Date(),
      exportacao_id: exportacao,
    });
    await t.db.insert(auditoria).values({
      profissional_id: recepcao.id,
      unidade_saude_id: unidade.id,
      action: 'show',
      resource: 'municipes/cadsus',
      municipe_ids: [ana.id],
      details: { por: 'cpf', resultado: 'encontrado' },
    });
  });

  describe('correction requests', () => {
    let pedido: Correcao;

    it('the data-protection officer records one; whoever edits the citizen lists it; the trail names the field only', async () => {
      const res = await send(encarregado, 'POST', correcoes(ana.id), {
        campo: 'nome_mae',
        descricao: 'O nome da mãe é Joana Xavante da Silva',
      });
      expect(res.statusCode, res.body).toBe(201);
      pedido = res.json<Correcao>();
      expect(pedido).toMatchObject({
        campo: 'nome_mae',
        situacao: 'aberta',
        solicitada_por_nome: 'Encarregada Lúcia',
        fechada_em: null,
      });
      for (const u of [recepcao, acs, medico, gestor, encarregado]) {
        const lista = await get(u, correcoes(ana.id));
        expect(lista.statusCode, lista.body).toBe(200);
        expect(lista.json<Correcao[]>().map((c) => c.id)).toEqual([pedido.id]);
      }
      expect((await get(recepcao, correcoes(bruno.id))).json()).toEqual([]);
      const [criada] = await auditRows(t, { resource: 'municipes/correcoes', action: 'create' });
      expect(criada).toMatchObject({ municipe_ids: [ana.id], details: { campo: 'nome_mae' } });
      expect(JSON.stringify(criada!.details)).not.toContain('Silva');
    });

    it('refuses a blank field or description, and an unknown field, with 422 on the field', async () => {
      const res = await send(encarregado, 'POST', correcoes(ana.id), { campo: 'cor_dos_olhos', descricao: ' ' });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        campo: ['não é válido'],
        descricao: ['Não pode ficar em branco'],
      });
    });

    it('a refusal needs its reason (422); refused once, it is closed (409); a stale form 409', async () => {
      const url = `${correcoes(ana.id)}/${pedido.id}`;
      const semMotivo = await send(recepcao, 'PUT', url, {
        situacao: 'recusada',
        motivo_recusa: '  ',
        lock_version: 0,
      });
      expect(semMotivo.statusCode).toBe(422);
      expect(semMotivo.json<{ errors: Record<string, string[]> }>().errors).toEqual({
        motivo_recusa: ['Informe o motivo da recusa: ele será comunicado ao munícipe.'],
      });
      const velho = await send(recepcao, 'PUT', url, { situacao: 'corrigida', lock_version: 7 });
      expect(velho.statusCode).toBe(409);
      const recusa = await send(recepcao, 'PUT', url, {
        situacao: 'recusada',
        motivo_recusa: 'A certidão de nascimento traz o nome sem "da Silva".',
        lock_version: 0,
      });
      expect(recusa.statusCode, recusa.body).toBe(200);
      expect(recusa.json<Correcao>()).toMatchObject({
        situacao: 'recusada',
        fechada_por_nome: 'Recepcionista Tânia',
        motivo_recusa: 'A certidão de nascimento traz o nome sem "da Silva".',
      });
      const outra = await send(recepcao, 'PUT', url, { situacao: 'corrigida', lock_version: 1 });
      expect(outra.statusCode).toBe(409);
      expect(outra.json<{ message: string }>().message).toBe('Este pedido de correção já foi encerrado.');
      // Another citizen's path does not reach it.
      expect(
        (await send(recepcao, 'PUT', `${correcoes(bruno.id)}/${pedido.id}`, { situacao: 'corrigida', lock_version: 1 }))
          .statusCode,
      ).toBe(404);
    });

    it('closes one as corrected', async () => {
      const novo = (
        await send(gestor, 'POST', correcoes(ana.id), { campo: 'email', descricao: 'O e-mail mudou para ana@novo.br' })
      ).json<Correcao>();
      const res = await send(acs, 'PUT', `${correcoes(ana.id)}/${novo.id}`, { situacao: 'corrigida', lock_version: 0 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Correcao>()).toMatchObject({
        situacao: 'corrigida',
        fechada_por_nome: 'Agente Rita',
        motivo_recusa: null,
      });
    });

    it('an edit of the citizen that changes the field closes its open request as corrected, by its author', async () => {
      const criado = await send(recepcao, 'POST', '/api/v1/municipes', municipePayload());
      expect(criado.statusCode, criado.body).toBe(201);
      const { id, lock_version, ...rest } = criado.json<{ id: string; lock_version: number; email?: string }>();
      const pedir = (campo: string) =>
        send(encarregado, 'POST', correcoes(id), { campo, descricao: 'Está errado' }).then((r) => r.json<Correcao>());
      const email = await pedir('email');
      const nomeMae = await pedir('nome_mae');
      const telefone = await pedir('telefones');
      const res = await send(recepcao, 'PUT', `/api/v1/municipes/${id}`, {
        ...rest,
        email: 'correto@exemplo.com.br',
        telefones: { celular: '61991234876' },
        lock_version,
      });
      expect(res.statusCode, res.body).toBe(200);
      const depois = (await get(recepcao, correcoes(id))).json<Correcao[]>();
      const situacao = (c: Correcao) => depois.find((x) => x.id === c.id)!;
      expect(situacao(email)).toMatchObject({ situacao: 'corrigida', fechada_por_nome: 'Recepcionista Tânia' });
      expect(situacao(telefone)).toMatchObject({ situacao: 'corrigida' });
      expect(situacao(nomeMae)).toMatchObject({ situacao: 'aberta', fechada_em: null });
      const linhas = await auditRows(t, { resource: 'municipes/correcoes', action: 'update' });
      expect(linhas.filter((l) => (l.details as { automatica?: boolean }).automatica)).toHaveLength(2);
    });

    it('refuses profiles that neither edit the citizen nor answer requests (403), and unknown citizens (404)', async () => {
      expect((await get(vigilancia, correcoes(ana.id))).statusCode).toBe(403);
      expect((await send(recepcao, 'POST', correcoes(ana.id), { campo: 'email', descricao: 'x' })).statusCode).toBe(
        403,
      );
      expect((await send(vigilancia, 'POST', correcoes(ana.id), { campo: 'email', descricao: 'x' })).statusCode).toBe(
        403,
      );
      expect((await get(encarregado, correcoes(UNKNOWN_ID))).statusCode).toBe(404);
      expect((await get(encarregado, correcoes('abc'))).statusCode).toBe(404);
      expect(
        (await send(encarregado, 'POST', correcoes(UNKNOWN_ID), { campo: 'email', descricao: 'x' })).statusCode,
      ).toBe(404);
    });
  });

  describe('the copy', () => {
    it('as JSON: every section, codes in words, no template, no other citizen; the request is audited', async () => {
      const res = await get(encarregado, copia(ana.id, 'json'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="copia-dados-[\d-]+\.json"$/);
      const c = res.json<CopiaMunicipe>();
      expect(c.secoes.map((s) => s.titulo)).toEqual(SECOES_COPIA.map((s) => s.titulo));
      const secao = (chave: string) => c.secoes.find((s) => s.chave === chave)!;
      const itens = (chave: string) => secao(chave).registros.flatMap((r) => r.itens);
      expect(itens('identificacao')).toContainEqual({ rotulo: 'Raça/cor', valor: 'Parda' });
      expect(itens('identificacao')).toContainEqual({ rotulo: 'Sexo', valor: 'Feminino' });
      expect(itens('endereco_contato')).toContainEqual({ rotulo: 'Município', valor: 'BRASÍLIA (DF)' });
      expect(itens('documentos')).toContainEqual({ rotulo: 'Número do prontuário', valor: 'PR-771' });
      expect(itens('sociodemografica').map((i) => i.valor)).toContain('Creche');
      expect(itens('condicao_saude').length).toBeGreaterThan(0);
      expect(itens('notificacoes')).toContainEqual(expect.objectContaining({ valor: 'Dengue - Casos' }));
      for (const s of ['cadastros_individuais', 'familias', 'visitas', 'urgencia', 'biometria', 'correcoes'])
        expect(secao(s).registros.length, s).toBeGreaterThan(0);
      expect(secao('visitas').registros).toHaveLength(1);
      expect(secao('urgencia').registros).toHaveLength(1);
      expect(secao('biometria').registros[0]!.titulo).toBe('Indicador direito');
      expect(itens('familias')).toContainEqual({ rotulo: 'Responsável familiar', valor: 'Outro membro da família' });
      expect(secao('compartilhamentos').registros.map((r) => r.titulo.split(' em ')[0])).toEqual([
        'Exportação ao e-SUS APS (Ministério da Saúde)',
        'Consulta ao CADSUS (cadastro nacional do SUS)',
      ]);
      expect(secao('senhas').registros).toEqual([]);
      const texto = JSON.stringify(c);
      for (const alheio of [bruno.nome, 'bruno@exemplo.com.br', 'TEMPLATE-SECRETO', 'Doenças e agravos: 1a'])
        expect(texto).not.toContain(alheio);
      const [linha] = (await auditRows(t, { resource: 'municipes/lgpd', action: 'copia' })).slice(-1);
      expect(linha).toMatchObject({ profissional_id: encarregado.id, municipe_ids: [ana.id], record_id: ana.id });
      expect(linha!.details).toMatchObject({ formato: 'json' });
    });

    it("as PDF: the text holds every section's title and the person's data, no other citizen's", async () => {
      const res = await get(gestor, copia(ana.id, 'pdf'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      // COPIA_PDF=/tmp/copia.pdf keeps the file to look at (pdftoppm -png renders its pages).
      if (process.env.COPIA_PDF) writeFileSync(process.env.COPIA_PDF, res.rawPayload);
      const texto = textoDoPdf(res.rawPayload);
      expect(texto).toContain('Cópia dos dados pessoais — Ana Clara Xavante');
      expect(texto).toContain(`Emitida em ${hoje}`);
      for (const s of SECOES_COPIA) expect(texto, s.titulo).toContain(s.titulo);
      for (const dado of ['Parda', 'PR-771', 'Creche', 'Dengue - Casos', 'Indicador direito', 'Joana Xavante', 'FAM-9'])
        expect(texto, dado).toContain(dado);
      expect(texto).toContain('O nome da mãe é Joana Xavante da Silva');
      expect(texto).toContain('Nenhuma senha de atendimento.');
      expect(texto).toMatch(
        /ficam disponíveis por 60 meses; após o óbito, o cadastro e os registros de saúde são\s+mantidos por 20 anos/,
      );
      expect(texto).toContain('Consulta ao CADSUS');
      for (const alheio of [bruno.nome, 'Quixadá', 'bruno@exemplo.com.br', 'TEMPLATE-SECRETO'])
        expect(texto).not.toContain(alheio);
      const [linha] = (await auditRows(t, { resource: 'municipes/lgpd', action: 'copia' })).slice(-1);
      expect(linha).toMatchObject({ profissional_id: gestor.id, municipe_ids: [ana.id], details: { formato: 'pdf' } });
    });

    it('is refused to the profiles without it (403), to one that may not read the citizen (404), to no session (401)', async () => {
      const antes = (await auditRows(t, { resource: 'municipes/lgpd' })).length;
      for (const u of [medico, recepcao, acs, vigilancia]) {
        expect((await get(u, copia(ana.id, 'pdf'))).statusCode).toBe(403);
        expect((await get(u, copia(ana.id, 'json'))).statusCode).toBe(403);
      }
      const { unidade } = await f.territorio();
      const semLeitura = await f.usuario({ unidade, permissoes: ['municipes/lgpd:copia', 'municipes/lgpd:show'] });
      expect((await get(semLeitura, copia(ana.id, 'pdf'))).statusCode).toBe(404);
      expect((await get(semLeitura, copia(ana.id, 'json'))).statusCode).toBe(404);
      expect((await get(encarregado, copia(UNKNOWN_ID, 'json'))).statusCode).toBe(404);
      expect((await get(encarregado, copia('abc', 'pdf'))).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: copia(ana.id, 'json') })).statusCode).toBe(401);
      expect(await auditRows(t, { resource: 'municipes/lgpd' })).toHaveLength(antes);
    });
  });

  describe('Quem acessou', () => {
    const periodo = `de=01/01/2020&ate=${todayIso().split('-').reverse().join('/')}`;
    const acessos = (id: string, sufixo = '') => `/api/v1/municipes/${id}/acessos${sufixo}?${periodo}`;

    it('the data-protection officer reads it, with the copies issued; the clinical profiles do not', async () => {
      const res = await get(encarregado, acessos(ana.id));
      expect(res.statusCode, res.body).toBe(200);
      const copias = res
        .json<Array<{ resource: string; action: string; parte: string }>>()
        .filter((r) => r.resource === 'municipes/lgpd');
      expect(copias.length).toBeGreaterThanOrEqual(2);
      expect(copias[0]).toMatchObject({ action: 'copia', parte: 'historico' });
      expect((await get(encarregado, acessos(ana.id, '/pdf'))).statusCode).toBe(200);
      for (const u of [medico, recepcao, acs, vigilancia]) {
        expect((await get(u, acessos(ana.id))).statusCode).toBe(403);
        expect((await get(u, acessos(ana.id, '/csv'))).statusCode).toBe(403);
      }
    });

    it('a profile that may not read the citizen sees neither who accessed them nor their copy (404)', async () => {
      const { unidade } = await f.territorio();
      const semLeitura = await f.usuario({ unidade, permissoes: ['municipes/lgpd:show', 'municipes/lgpd:copia'] });
      expect((await get(semLeitura, acessos(ana.id))).statusCode).toBe(404);
      expect((await get(semLeitura, acessos(ana.id, '/csv'))).statusCode).toBe(404);
      expect((await get(semLeitura, copia(ana.id, 'json'))).statusCode).toBe(404);
    });
  });
});
