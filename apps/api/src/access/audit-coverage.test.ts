import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, notificacaoEventos } from '../db/schema';
import { newId } from '../lib/ids';
import { fixtures, type Usuario } from '../test/fixtures';
import { buildTestApp, type TestApp } from '../test/helpers';

// Issue 14 "Proof", the audit-coverage test: every GET route of a resource holding personal or health data, taken from
// the route declarations, leaves exactly one audit row naming the citizen when it shows someone's data. A new route
// of these resources fails here until it audits (or until its params are filled below, which forces the question).

const PESSOAIS = /^(municipes|atencao_primaria\/|urgencia_emergencia\/|auditoria)/;
/** Reads of these resources that show nobody's data: which tabs the user may open on a citizen. */
const SEM_DADOS_PESSOAIS = new Set([
  '/api/municipes/:id/permissao_cadastro',
  '/api/v1/urgencia_emergencia/paciente_sem_identificacoes/pseudonimo',
  // The national registry's state (configured, certificate valid): no one's data.
  '/api/v1/ferramentas/parametrizacao/cadsus',
  '/api/v1/ferramentas/parametrizacao/cadsus/',
  // The national registry lookup needs a registry to ask: modules/municipes/cadsus/cadsus.test.ts proves its audit row
  // (the citizens of ours with that CPF or CNS) against a stand-in.
  '/api/v1/municipes/cadsus',
  '/api/v1/municipes/cadsus/',
  // Its search by name (issue 43), proven there too (the search row, how many came, the citizens of ours among them).
  '/api/v1/municipes/cadsus/candidatos',
  // Who is due a visit (issue 44): this database's citizen is visited and has no due reason, so the list is empty;
  // modules/atencao_primaria/visitas_domiciliares/quem_visitar.test.ts proves its audit row naming those it lists.
  '/api/v1/atencao_primaria/visitas_domiciliares/quem_visitar',
  // The e-SUS export history names citizens only in the report lines of an export that refused their records; this
  // database has no export. modules/atencao_primaria/exportacao_esus/exportacao_esus.test.ts proves its audit row.
  '/api/v1/atencao_primaria/exportacao_esus',
  '/api/v1/atencao_primaria/exportacao_esus/',
  // The units flagged to export: names and CNES, no one's data.
  '/api/v1/atencao_primaria/exportacao_esus/unidades',
  // Coverage (issue 44): the table and its CSV are counts, the map homes without names; each read still leaves one
  // row (modules/atencao_primaria/cobertura/cobertura.test.ts). Its /lista names people and is walked here.
  '/api/v1/atencao_primaria/cobertura',
  '/api/v1/atencao_primaria/cobertura/',
  '/api/v1/atencao_primaria/cobertura/exportacao.csv',
  '/api/v1/atencao_primaria/cobertura/territorio/mapa',
  // The duplicate search's progress (issue 45): counts, no one's data. The merges list names citizens only once a
  // merge exists; modules/municipes/unificacao/unificacao.test.ts proves its audit row naming both.
  '/api/v1/municipes/unificacoes/buscas/atual',
  '/api/v1/municipes/unificacoes',
  '/api/v1/municipes/unificacoes/',
]);

describe('audit coverage: every read of personal data leaves one row', () => {
  let t: TestApp;
  let gestor: Usuario;
  const ids: Record<string, string> = {};
  const nomes: Record<string, string> = {};
  let nascimento = '';

  beforeAll(async () => {
    t = await buildTestApp();
    const f = fixtures(t);
    // Also an urgent-care unit: its care visits are read there only.
    const { unidade, equipe } = await f.territorio({ unidade: { pronto_atendimento: true } });
    gestor = await f.usuario({ unidade, equipe, perfil: 'gestor' });
    const acs = await f.profissional([{ unidade, equipe, perfil: 'acs' }]);
    const header = { unidade, equipe, profissional: acs };
    const municipe = await f.municipe({ equipe_id: equipe.id, profissional_id: acs.id, ocupacao_id: '515105' });
    // With coordinates: the notifications map shows the citizen's home.
    const domicilio = await f.domicilio(header, { latitude: -15.78, longitude: -47.93 });
    const familia = await f.familia(header, { membros: [municipe], domicilio });
    const individual = await f.cadastroIndividual(municipe);
    const visita = await f.visita(header, { familia, municipe });
    ids.atendimento = (await f.atendimento(header, municipe)).id;
    ids.atendimentoRetroativo = (await f.atendimento(header, municipe, { retroativo: true })).id;
    const paciente = await f.pacienteSemIdentificacao({ unidade, profissional: acs }, { municipe_id: municipe.id });
    ids.notificacao = (await f.notificacao(header, municipe)).id;
    await t.db.insert(notificacaoEventos).values({
      id: newId(),
      notificacao_id: ids.notificacao,
      situacao: 'suspeito',
      profissional_id: acs.id,
    });
    // Its likely duplicate (issue 45: the same name and birth date), for the duplicate queue and the side-by-side.
    ids.duplicado = (await f.municipe({ nome: municipe.nome, data_nascimento: municipe.data_nascimento })).id;
    nomes.municipe = municipe.nome;
    nascimento = municipe.data_nascimento!;
    Object.assign(ids, {
      equipe: equipe.id,
      municipe: municipe.id,
      domicilio: domicilio.id,
      familia: familia.id,
      individual: individual.id,
      visita: visita.id,
      paciente: paciente.id,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The URL of a declared route with its params filled by the record of its resource. */
  function urlOf(route: string, access: string): string | null {
    const recordOf: Record<string, string> = {
      municipes: ids.municipe!,
      'municipes/sociodemograficas': ids.municipe!,
      'municipes/condicoes_saude': ids.municipe!,
      'municipes/biometrias': ids.municipe!,
      'atencao_primaria/cadastros_individuais': ids.individual!,
      'atencao_primaria/cadastros_domiciliares': ids.domicilio!,
      'atencao_primaria/familias': ids.familia!,
      'atencao_primaria/visitas_domiciliares': ids.visita!,
      'urgencia_emergencia/atendimentos': ids.atendimento!,
      'urgencia_emergencia/atendimentos_retroativos': ids.atendimentoRetroativo!,
      'urgencia_emergencia/paciente_sem_identificacoes': ids.paciente!,
      // "Quem acessou" a citizen (issue 46): /api/v1/municipes/:id/acessos.
      auditoria: ids.municipe!,
      // The citizen's LGPD rights (issue 46): Quem acessou, the copy and the correction requests.
      'municipes/lgpd': ids.municipe!,
      'municipes/correcoes': ids.municipe!,
    };
    const resource = access.split(':')[0]!;
    let url = route
      .replace(':familiaId', ids.familia!)
      .replace(/:municipeId\??/, ids.municipe!)
      .replace(':domicilioId', ids.domicilio!)
      .replace(':notificacaoId', ids.notificacao!);
    if (url.includes(':id')) {
      if (!recordOf[resource]) return null;
      url = url.replace(':id', recordOf[resource]);
    }
    if (/:[a-zA-Z_]+/.test(url)) return null;
    // Queries that make the answer show someone.
    const query: Record<string, string> = {
      '/api/v1/atencao_primaria/visitas_domiciliares/contexto': `familia_id=${ids.familia}&municipe_id=${ids.municipe}`,
      '/api/v1/municipes/busca_avancada': `nome=${encodeURIComponent(nomes.municipe!)}&data_nascimento=${nascimento}`,
      '/api/v1/atencao_primaria/cadastros_individuais/municipes': `q=${encodeURIComponent(nomes.municipe!)}`,
      '/api/v1/urgencia_emergencia/atendimentos/contexto': `municipe_id=${ids.municipe}`,
      '/api/v1/urgencia_emergencia/atendimentos_retroativos/contexto': `municipe_id=${ids.municipe}`,
      '/api/v1/municipes_notificacao/exportacao.csv': 'data_inicio=2026-01-01&data_fim=2026-01-31',
      [`/api/v1/municipes/${ids.municipe}/acessos`]: 'de=01/01/2026&ate=31/12/2099',
      [`/api/v1/municipes/${ids.municipe}/acessos/csv`]: 'de=01/01/2026&ate=31/12/2099',
      [`/api/v1/municipes/${ids.municipe}/acessos/pdf`]: 'de=01/01/2026&ate=31/12/2099',
      '/api/v1/atencao_primaria/cobertura/lista': `equipe_id=${ids.equipe}&indicador=pessoas`,
      '/api/v1/municipes/unificacoes/duplicados': 'per_page=100',
      '/api/v1/municipes/unificacoes/comparar': `a=${ids.municipe}&b=${ids.duplicado}`,
    };
    return query[url] ? `${url}?${query[url]}` : url;
  }

  it('leaves one row per read, naming the citizen', async () => {
    const reads = t.app.registeredRoutes.filter(
      (r) =>
        r.method === 'GET' &&
        typeof r.access === 'string' &&
        PESSOAIS.test(r.access) &&
        r.access.includes(':') &&
        !SEM_DADOS_PESSOAIS.has(r.url),
    );
    expect(reads.length).toBeGreaterThan(10);
    const faltando: string[] = [];
    for (const r of reads) {
      const url = urlOf(r.url, r.access);
      if (!url) {
        faltando.push(`${r.url}: parâmetros sem registro de exemplo neste teste`);
        continue;
      }
      const antes = (await t.db.$count(auditoria)) as number;
      const res = await t.app.inject({ method: 'GET', url, headers: gestor.headers });
      const depois = (await t.db.$count(auditoria)) as number;
      if (res.statusCode !== 200) faltando.push(`GET ${url} [${r.access}] → ${res.statusCode}`);
      else if (depois - antes !== 1) faltando.push(`GET ${r.url} [${r.access}]: ${depois - antes} linhas de auditoria`);
      else if (!r.access.startsWith('auditoria:')) {
        const [ultima] = await t.db.select().from(auditoria).orderBy(desc(auditoria.id)).limit(1);
        if (!ultima?.municipe_ids?.includes(ids.municipe!))
          faltando.push(`GET ${r.url}: a linha não nomeia o munícipe`);
      }
    }
    expect(faltando).toEqual([]);
  });
});
