import {
  allPermissions,
  perfilPermissions,
  perfis as perfilCodigos,
  type PerfilCodigo,
  type Permission,
} from '@saude/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { menus, parametrizacao, perfilPermissoes, perfis, tiposUnidade } from '../db/schema';
import { newId } from '../lib/ids';
import { seedEnderecos } from './enderecos';
import { seedOuvidoriaCodigos } from './ouvidoria';

export const perfilNomes: Record<PerfilCodigo, string> = {
  gestor: 'Gestor(a) municipal',
  recepcao: 'Recepção',
  medico: 'Médico(a)',
  enfermagem: 'Enfermagem',
  acs: 'Agente comunitário de saúde',
  ace: 'Agente de combate às endemias',
  vigilancia: 'Vigilância epidemiológica',
  protecao_dados: 'Encarregado(a) de proteção de dados',
};

export const tiposUnidadeBase = [
  { codigo: 'UBS', nome: 'Unidade Básica de Saúde' },
  { codigo: 'UPA', nome: 'Unidade de Pronto Atendimento' },
  { codigo: 'POLICLINICA', nome: 'Policlínica' },
  { codigo: 'CAPS', nome: 'Centro de Atenção Psicossocial' },
  { codigo: 'VIGILANCIA', nome: 'Vigilância em Saúde' },
  // CNES type 68: the health secretariat's own unit, where the first manager is assigned (seed/primeiro_gestor.ts).
  { codigo: 'GESTAO', nome: 'Central de gestão em saúde' },
];

type MenuSeed = {
  id: string;
  nome: string;
  url?: string;
  icone: string;
  authorize?: Permission;
  children?: MenuSeed[];
};

// The product's menu (spec §2 screens). The web hides entries whose screens are not built yet.
export const menuTree: MenuSeed[] = [
  { id: 'inicio', nome: 'Início', url: '/', icone: 'home' },
  { id: 'municipes', nome: 'Munícipes', url: '/municipes', icone: 'users', authorize: 'municipes:index' },
  {
    id: 'atencao_primaria',
    nome: 'Atenção primária',
    icone: 'stethoscope',
    children: [
      {
        id: 'cadastros_individuais',
        nome: 'Cadastros individuais',
        url: '/atencao_primaria/cadastros_individuais',
        icone: 'user',
        authorize: 'atencao_primaria/cadastros_individuais:index',
      },
      {
        id: 'cadastros_domiciliares',
        nome: 'Cadastros domiciliares',
        url: '/atencao_primaria/cadastros_domiciliares',
        icone: 'home',
        authorize: 'atencao_primaria/cadastros_domiciliares:index',
      },
      {
        id: 'familias',
        nome: 'Famílias',
        url: '/atencao_primaria/familias',
        icone: 'users-group',
        authorize: 'atencao_primaria/familias:index',
      },
      {
        id: 'visitas_domiciliares',
        nome: 'Visitas domiciliares',
        url: '/atencao_primaria/visitas_domiciliares',
        icone: 'door',
        authorize: 'atencao_primaria/visitas_domiciliares:index',
      },
      {
        id: 'exportacao_esus',
        nome: 'Exportação e-SUS APS',
        url: '/atencao_primaria/exportacao_esus',
        icone: 'download',
        authorize: 'atencao_primaria/exportacao_esus:index',
      },
      // Issue 44: coverage per team and micro-area, and the territory on a map.
      {
        id: 'cobertura',
        nome: 'Cobertura do território',
        url: '/atencao_primaria/cobertura',
        icone: 'chart-bar',
        authorize: 'atencao_primaria/cobertura:index',
      },
      {
        id: 'territorio',
        nome: 'Mapa do território',
        url: '/atencao_primaria/cobertura/territorio',
        icone: 'map',
        authorize: 'atencao_primaria/cobertura:index',
      },
    ],
  },
  {
    id: 'urgencia_emergencia',
    nome: 'Urgência e emergência',
    icone: 'ambulance',
    children: [
      {
        id: 'atendimentos',
        nome: 'Recepção',
        url: '/urgencia_emergencia/atendimentos',
        icone: 'clipboard',
        authorize: 'urgencia_emergencia/atendimentos:index',
      },
      {
        id: 'atendimentos_retroativos',
        nome: 'Atendimentos retroativos',
        url: '/urgencia_emergencia/atendimentos_retroativos',
        icone: 'history',
        authorize: 'urgencia_emergencia/atendimentos_retroativos:index',
      },
      {
        id: 'paciente_sem_identificacoes',
        nome: 'Pacientes sem identificação',
        url: '/urgencia_emergencia/paciente_sem_identificacoes',
        icone: 'user-question',
        authorize: 'urgencia_emergencia/paciente_sem_identificacoes:index',
      },
    ],
  },
  // Issue 17: the door, the desks and their set-up together (docs/decisions.md).
  {
    id: 'filas',
    nome: 'Filas e senhas',
    icone: 'list',
    children: [
      { id: 'senhas', nome: 'Emitir senhas', url: '/filas/senhas', icone: 'ticket', authorize: 'filas/senhas:create' },
      {
        id: 'chamadas',
        nome: 'Chamar senhas',
        url: '/filas/chamadas',
        icone: 'speakerphone',
        authorize: 'filas/senhas:chamar',
      },
      {
        id: 'categorias',
        nome: 'Categorias',
        url: '/filas/categorias',
        icone: 'tags',
        authorize: 'filas/categorias:index',
      },
      {
        id: 'parametrizacoes',
        nome: 'Parametrização de filas',
        url: '/filas/parametrizacoes',
        icone: 'list',
        authorize: 'filas/parametrizacoes:index',
      },
    ],
  },
  {
    id: 'municipes_notificacao',
    nome: 'Notificações compulsórias',
    url: '/municipes_notificacao',
    icone: 'alert',
    authorize: 'municipes_notificacao:index',
  },
  {
    id: 'comunicacao',
    nome: 'Comunicação',
    icone: 'speakerphone',
    children: [
      {
        id: 'avisos',
        nome: 'Avisos',
        url: '/comunicacao/avisos',
        icone: 'bell',
        authorize: 'comunicacao/avisos:index',
      },
      {
        id: 'notificacoes_globais',
        nome: 'Notificações',
        url: '/notificacoes_globais',
        icone: 'world',
        authorize: 'notificacoes_globais:index',
      },
      { id: 'ouvidoria', nome: 'Ouvidoria', url: '/ouvidoria', icone: 'message', authorize: 'ouvidoria:index' },
    ],
  },
  {
    id: 'ferramentas',
    nome: 'Ferramentas',
    icone: 'tool',
    children: [
      {
        id: 'temas',
        nome: 'Temas de campanha',
        url: '/ferramentas/temas',
        icone: 'palette',
        authorize: 'ferramentas/temas:index',
      },
      { id: 'termos_uso', nome: 'Termos de uso', url: '/termos_uso', icone: 'file', authorize: 'termos_uso:index' },
      {
        id: 'parametrizacao',
        nome: 'Parâmetros do sistema',
        url: '/ferramentas/parametrizacao',
        icone: 'settings',
        authorize: 'ferramentas/parametrizacao:show',
      },
      {
        id: 'auth_applications',
        nome: 'Aplicações autorizadas',
        url: '/ferramentas/auth_applications',
        icone: 'key',
        authorize: 'ferramentas/auth_applications:index',
      },
      {
        id: 'parametros_unidades',
        nome: 'Parâmetros das unidades',
        url: '/parametros/unidades_saude',
        icone: 'adjustments',
        authorize: 'parametros/unidades_saude:update',
      },
      // Not in spec §7's menu: the LGPD access history of issue 14 (docs/decisions.md).
      {
        id: 'auditoria',
        nome: 'Histórico de acessos',
        url: '/auditoria',
        icone: 'history',
        authorize: 'auditoria:index',
      },
    ],
  },
  // Issue 22: the municipality's own set-up, which the spec leaves to the "legacy system" (docs/decisions.md).
  {
    id: 'administracao',
    nome: 'Administração',
    icone: 'building',
    children: [
      {
        id: 'adm_unidades_saude',
        nome: 'Unidades de saúde',
        url: '/administracao/unidades_saude',
        icone: 'building-hospital',
        authorize: 'administracao/unidades_saude:index',
      },
      {
        id: 'adm_equipes',
        nome: 'Equipes',
        url: '/administracao/equipes',
        icone: 'users-group',
        authorize: 'administracao/equipes:index',
      },
      {
        id: 'adm_profissionais',
        nome: 'Profissionais',
        url: '/administracao/profissionais',
        icone: 'id-badge',
        authorize: 'administracao/profissionais:index',
      },
      {
        id: 'adm_perfis',
        nome: 'Perfis e permissões',
        url: '/administracao/perfis',
        icone: 'shield',
        authorize: 'administracao/perfis:index',
      },
      {
        id: 'adm_importacao_cnes',
        nome: 'Importar CNES',
        url: '/administracao/importacao_cnes',
        icone: 'file-import',
        authorize: 'administracao/importacao_cnes:create',
      },
      // Issue 45: the duplicate citizens' queue, merge and undo.
      {
        id: 'municipes_unificacoes',
        nome: 'Cadastros duplicados',
        url: '/municipes/unificacoes',
        icone: 'copy',
        authorize: 'municipes/unificacoes:index',
      },
    ],
  },
];

/**
 * Product structure that must match the code at every start: built-in profiles and their permissions, unit types,
 * menus and the parameters row. Idempotent; custom profiles and edited parameters are left alone.
 */
export async function seedBase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const t of tiposUnidadeBase) {
      await tx
        .insert(tiposUnidade)
        .values({ id: newId(), ...t })
        .onConflictDoNothing({ target: tiposUnidade.codigo });
    }
    for (const codigo of perfilCodigos) {
      await tx
        .insert(perfis)
        .values({ id: newId(), codigo, nome: perfilNomes[codigo], sistema: true })
        .onConflictDoUpdate({ target: perfis.codigo, set: { sistema: true } });
      const [perfil] = await tx.select({ id: perfis.id }).from(perfis).where(eq(perfis.codigo, codigo));
      const wanted = codigo === 'gestor' ? allPermissions : [...new Set(perfilPermissions[codigo])];
      await tx
        .delete(perfilPermissoes)
        .where(and(eq(perfilPermissoes.perfil_id, perfil!.id), notInArray(perfilPermissoes.permission, wanted)));
      await tx
        .insert(perfilPermissoes)
        .values(wanted.map((permission) => ({ perfil_id: perfil!.id, permission })))
        .onConflictDoNothing();
    }
    const flat: Array<typeof menus.$inferInsert> = [];
    const walk = (items: MenuSeed[], parent: string | null) =>
      items.forEach((m, i) => {
        flat.push({
          id: m.id,
          parent_id: parent,
          nome: m.nome,
          url: m.url ?? null,
          icone: m.icone,
          ordem: i,
          authorize: m.authorize ?? null,
          v3: true,
        });
        if (m.children) walk(m.children, m.id);
      });
    walk(menuTree, null);
    await tx.delete(menus).where(
      notInArray(
        menus.id,
        flat.map((m) => m.id),
      ),
    );
    for (const m of flat) {
      await tx
        .insert(menus)
        .values(m)
        .onConflictDoUpdate({
          target: menus.id,
          set: {
            parent_id: m.parent_id,
            nome: m.nome,
            url: m.url,
            icone: m.icone,
            ordem: m.ordem,
            authorize: m.authorize,
            v3: m.v3,
            updated_at: sql`now()`,
          },
        });
    }
    await tx
      .insert(parametrizacao)
      .values({
        id: 1,
        cliente_nome: 'Secretaria Municipal de Saúde',
        brasao: '/brasao.svg',
        habilita_biometria: false,
        versao: '1.0.0',
        esus_versao: '5.3',
        pec_versao: '5.3.21',
      })
      .onConflictDoNothing();
    await seedEnderecos(tx);
    await seedOuvidoriaCodigos(tx);
  });
}
