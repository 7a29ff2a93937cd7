import fastifySwagger from '@fastify/swagger';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { SessionPolicy } from '../auth/sessions';
import { menusRoutes, permissoesRoutes } from '../access/routes';
import { authRoutes } from '../auth/routes';
import type { Sso } from '../auth/sso';
import type { Config } from '../config';
import type { AppDatabase } from '../app';
import { queryRows, TRAVA_MIGRACOES } from '../db/client';
import { registerMetrics } from '../lib/metrics';
import { cadastrosIndividuaisRoutes } from '../modules/atencao_primaria/cadastros_individuais/routes';
import {
  cadastroDomiciliarSpecRoutes,
  cadastrosDomiciliaresRoutes,
} from '../modules/atencao_primaria/cadastros_domiciliares/routes';
import { familiaSpecRoutes, familiasRoutes } from '../modules/atencao_primaria/familias/routes';
import { opcoesFiltroRoutes } from '../modules/atencao_primaria/opcoes/routes';
import { exportacaoEsusRoutes } from '../modules/atencao_primaria/exportacao_esus/routes';
import { visitasDomiciliaresRoutes } from '../modules/atencao_primaria/visitas_domiciliares/routes';
import { coberturaRoutes } from '../modules/atencao_primaria/cobertura/routes';
import { pacienteSemIdentificacoesRoutes } from '../modules/urgencia_emergencia/paciente_sem_identificacoes/routes';
import { perfisRoutes } from '../modules/administracao/perfis/routes';
import { acessosMunicipeRoutes, auditoriaRoutes } from '../modules/auditoria/routes';
import { senhasRoutes } from '../modules/filas/senhas/routes';
import { atendimentosRetroativosRoutes, atendimentosRoutes } from '../modules/urgencia_emergencia/atendimentos/routes';
import { enderecosRoutes } from '../modules/enderecos/routes';
import { codigosRoutes } from '../modules/codigos/routes';
import { termosUsoRoutes } from '../modules/termos_uso/routes';
import { parametrizacaoRoutes, parametrizacaoSistemaRoutes } from '../modules/ferramentas/parametrizacao/routes';
import { lembretesRoutes } from '../modules/lembretes/routes';
import { municipesPermissaoRoutes, municipesRoutes } from '../modules/municipes/routes';
import { municipesLgpdRoutes } from '../modules/municipes_lgpd';
import { municipesCadsusRoutes, parametrizacaoCadsusRoutes } from '../modules/municipes/cadsus/routes';
import { unificacoesRoutes } from '../modules/municipes/unificacao/routes';
import { categoriasRoutes } from '../modules/filas/categorias/routes';
import { notificacoesRoutes } from '../modules/municipes_notificacao/routes';
import { parametrizacoesRoutes } from '../modules/filas/parametrizacoes/routes';
import { parametrosUnidadeRoutes } from '../modules/parametros/unidades_saude/routes';
import { painelHub } from '../modules/filas/painel/hub';
import { painelRoutes } from '../modules/filas/painel/routes';
import { senhaSimplesRoutes } from '../modules/filas/senha_simples/routes';
import { authApplicationsRoutes } from '../modules/ferramentas/auth_applications/routes';
import { avisosRoutes } from '../modules/comunicacao/avisos/routes';
import { importacaoCnesRoutes } from '../modules/administracao/importacao_cnes/routes';
import { temaAtualRoutes, temasRoutes } from '../modules/ferramentas/temas/routes';
import { equipesAdminRoutes } from '../modules/administracao/equipes/routes';
import { unidadesSaudeAdminRoutes } from '../modules/administracao/unidades_saude/routes';
import { lotacoesRoutes } from '../modules/administracao/lotacoes/routes';
import { profissionaisRoutes } from '../modules/administracao/profissionais/routes';
import { ouvidoriaRoutes } from '../modules/ouvidoria/routes';
import { buscasRoutes } from '../modules/buscas/routes';
import { notificacoesGlobaisRoutes } from '../modules/notificacoes_globais/routes';

/** Every API route: a module's plugins go here, under the path of its screen (architecture, "Paths"). */
export async function registerRoutes(
  app: FastifyInstance,
  config: Config,
  database: AppDatabase,
  policy: SessionPolicy,
  sso: Sso,
) {
  const { db } = database;
  // The calling panel's streams stay open: the hub ends them before the server waits for its connections to close.
  const hub = painelHub(database.listen);
  app.addHook('preClose', () => hub.fechar());
  // First, so every route's requests are measured.
  registerMetrics(app, config, { pool: database.pool, replica: database.replica, streams: () => hub.abertos() });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Saúde Municipal API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/health', { config: { access: 'public' } }, async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      // The engine in use (issue 39): 'pglite' with `reserva` says the quick start fell back from PostgreSQL.
      return { status: 'ok', database: 'ok', ...database.engine };
    } catch {
      return reply.code(503).send({ status: 'erro', database: 'indisponível' });
    }
  });
  // Readiness for a load balancer (issue 42): 503 while a process holds the migrations' lock or the database is away.
  app.get('/api/ready', { config: { access: 'public' } }, async (_req, reply) => {
    try {
      const [r] = await queryRows<{ migrando: boolean }>(
        db,
        sql`select exists (select from pg_locks where locktype = 'advisory' and granted
          and classid = 0 and objid = ${TRAVA_MIGRACOES} and objsubid = 1
          and database = (select oid from pg_database where datname = current_database())) as migrando`,
      );
      if (r?.migrando) return reply.code(503).send({ status: 'migrando' });
      return { status: 'pronto' };
    } catch {
      return reply.code(503).send({ status: 'erro', database: 'indisponível' });
    }
  });
  app.get('/api/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await app.register(authRoutes(policy, sso), { prefix: '/api/v2/auth' });
  await app.register(permissoesRoutes, { prefix: '/api/ferramentas/permissoes' });
  await app.register(menusRoutes, { prefix: '/api/menus' });
  await app.register(parametrizacaoRoutes(config, sso), { prefix: '/api/ferramentas/parametrizacao' });
  await app.register(parametrosUnidadeRoutes, { prefix: '/api/v1/parametros/unidades_saude' });
  await app.register(unidadesSaudeAdminRoutes, { prefix: '/api/v1/administracao/unidades_saude' });
  await app.register(equipesAdminRoutes, { prefix: '/api/v1/administracao/equipes' });
  await app.register(parametrizacaoSistemaRoutes, { prefix: '/api/v1/ferramentas/parametrizacao' });
  await app.register(lembretesRoutes, { prefix: '/api/v1/lembretes' });
  await app.register(codigosRoutes, { prefix: '/api/v1/codigos' });
  await app.register(enderecosRoutes(config), { prefix: '/api/v1/enderecos' });
  await app.register(municipesRoutes, { prefix: '/api/v1/municipes' });
  await app.register(acessosMunicipeRoutes, { prefix: '/api/v1/municipes' });
  await app.register(municipesLgpdRoutes, { prefix: '/api/v1/municipes' });
  await app.register(municipesCadsusRoutes(config), { prefix: '/api/v1/municipes/cadsus' });
  await app.register(unificacoesRoutes, { prefix: '/api/v1/municipes/unificacoes' });
  await app.register(parametrizacaoCadsusRoutes(config), { prefix: '/api/v1/ferramentas/parametrizacao/cadsus' });
  await app.register(municipesPermissaoRoutes, { prefix: '/api/municipes' });
  await app.register(cadastrosIndividuaisRoutes, { prefix: '/api/v1/atencao_primaria/cadastros_individuais' });
  await app.register(cadastrosDomiciliaresRoutes, { prefix: '/api/v1/atencao_primaria/cadastros_domiciliares' });
  await app.register(cadastroDomiciliarSpecRoutes, { prefix: '/api/atencao_primaria/cadastros_domiciliares' });
  await app.register(familiasRoutes, { prefix: '/api/v1/atencao_primaria/familias' });
  await app.register(familiaSpecRoutes, { prefix: '/api/atencao_primaria/familias' });
  await app.register(opcoesFiltroRoutes, { prefix: '/api/v1/atencao_primaria/opcoes_filtro' });
  await app.register(visitasDomiciliaresRoutes, { prefix: '/api/v1/atencao_primaria/visitas_domiciliares' });
  await app.register(exportacaoEsusRoutes(config), { prefix: '/api/v1/atencao_primaria/exportacao_esus' });
  await app.register(coberturaRoutes, { prefix: '/api/v1/atencao_primaria/cobertura' });
  await app.register(atendimentosRoutes, { prefix: '/api/v1/urgencia_emergencia/atendimentos' });
  await app.register(atendimentosRetroativosRoutes, { prefix: '/api/v1/urgencia_emergencia/atendimentos_retroativos' });
  await app.register(pacienteSemIdentificacoesRoutes, {
    prefix: '/api/v1/urgencia_emergencia/paciente_sem_identificacoes',
  });
  await app.register(notificacoesRoutes(config), { prefix: '/api/v1/municipes_notificacao' });
  await app.register(categoriasRoutes, { prefix: '/api/v1/filas/categorias' });
  await app.register(parametrizacoesRoutes, { prefix: '/api/v1/filas/parametrizacoes' });
  await app.register(senhasRoutes, { prefix: '/api/v1/filas/senhas' });
  await app.register(auditoriaRoutes, { prefix: '/api/v1/auditoria' });
  await app.register(avisosRoutes, { prefix: '/api/v1/comunicacao/avisos' });
  await app.register(importacaoCnesRoutes(config), { prefix: '/api/v1/administracao/importacao_cnes' });
  await app.register(ouvidoriaRoutes, { prefix: '/api/v1/ouvidoria' });
  await app.register(buscasRoutes, { prefix: '/api/v1/buscas/consulta' });
  await app.register(notificacoesGlobaisRoutes, { prefix: '/api/v1/notificacoes_globais' });
  await app.register(termosUsoRoutes, { prefix: '/api/v1/termos_uso' });
  await app.register(painelRoutes(config, hub), { prefix: '/api/v1/filas/painel' });
  await app.register(senhaSimplesRoutes(policy), { prefix: '/api/v1/filas/senha_simples' });
  await app.register(authApplicationsRoutes, { prefix: '/api/v1/ferramentas/auth_applications' });
  await app.register(temasRoutes, { prefix: '/api/v1/ferramentas/temas' });
  await app.register(profissionaisRoutes, { prefix: '/api/v1/administracao/profissionais' });
  await app.register(lotacoesRoutes, { prefix: '/api/v1/administracao/lotacoes' });
  await app.register(temaAtualRoutes, { prefix: '/api/v1/ferramentas/tema_atual' });
  await app.register(perfisRoutes, { prefix: '/api/v1/administracao/perfis' });
}
