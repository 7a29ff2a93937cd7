import { type PerfilCodigo } from '@saude/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { equipes, lotacoes, perfis, profissionais, tiposUnidade, unidadesSaude } from '../db/schema';
import { hashSenha } from '../auth/service';
import { newId } from '../lib/ids';
import { makeCnsProvisorio, makeCpf } from './numbers';
import { rememberCep } from '../modules/enderecos';
import { seedMunicipes } from './municipes';
import { alinharResponsaveis, seedCadastrosIncompletos, seedCadastrosIndividuais } from './cadastros_individuais';
import { seedDomicilios } from './domicilios';
import { seedVisitas } from './visitas';
import { seedAtendimentos } from './atendimentos';
import { seedPacientesSemIdentificacao } from './pacientes_sem_identificacao';
import { seedFilas } from './filas';
import { seedPainel } from './painel';
import { seedSenhas } from './senhas';
import { seedNotificacoes } from './notificacoes';
import { seedAvisos } from './avisos';
import { seedOuvidoriaDemo } from './ouvidoria';
import { seedNotificacoesGlobais } from './notificacoes_globais';
import { seedTemas } from './temas';
import { travarPrimeirosProfissionais } from './primeiro_gestor';

export const DEMO_PASSWORD = 'saude123';

// A fictional municipality: names, CNES and INE codes are made up (issue 3: nothing names a real person or vendor).
const unidades = [
  {
    key: 'centro',
    cnes: '9900011',
    nome: 'UBS Centro',
    tipo: 'UBS',
    flags: { cpf_cns: true, exportacao_esus: true, com_agendamento: true },
  },
  {
    key: 'jardim',
    cnes: '9900022',
    nome: 'UBS Jardim das Palmeiras',
    tipo: 'UBS',
    flags: { exportacao_esus: true, com_agendamento: true },
  },
  { key: 'vila', cnes: '9900033', nome: 'UBS Vila Esperança', tipo: 'UBS', flags: { exportacao_esus: true } },
  {
    key: 'rural',
    cnes: '9900044',
    nome: 'UBS Zona Rural Córrego Claro',
    tipo: 'UBS',
    flags: { exportacao_esus: true, misto: true },
  },
  {
    key: 'upa',
    cnes: '9900055',
    nome: 'UPA 24h Municipal',
    tipo: 'UPA',
    // The reception's default check (issue 39): it warns what a record lacks; the complete check is a choice.
    flags: { pronto_atendimento: true, gerenciamento_filas: true },
  },
  { key: 'vigilancia', cnes: '9900066', nome: 'Centro de Vigilância em Saúde', tipo: 'VIGILANCIA', flags: {} },
] as const;

const TIPO_ESF = '70'; // eSF in the CNES team types (packages/shared/src/tipos_equipe.ts)

const teams = [
  { key: 'centro1', ine: '9900000011', nome: 'ESF Centro 1', unidade: 'centro', micro_areas: ['01', '02', '03'] },
  { key: 'centro2', ine: '9900000012', nome: 'ESF Centro 2', unidade: 'centro', micro_areas: ['04', '05'] },
  {
    key: 'jardim1',
    ine: '9900000021',
    nome: 'ESF Jardim das Palmeiras',
    unidade: 'jardim',
    micro_areas: ['01', '02', '03', '04'],
  },
  { key: 'vila1', ine: '9900000031', nome: 'ESF Vila Esperança', unidade: 'vila', micro_areas: ['01', '02'] },
  { key: 'rural1', ine: '9900000041', nome: 'ESF Córrego Claro', unidade: 'rural', micro_areas: ['01', '02', '03'] },
] as const;

// Streets of the demo territory (fictional names), so the CEP lookup answers in the demo.
export const demoEnderecos = [
  { cep: '70000001', tipo_logradouro: '081', logradouro: 'DAS ACÁCIAS', bairro: 'CENTRO' },
  { cep: '70000002', tipo_logradouro: '008', logradouro: 'CENTRAL', bairro: 'CENTRO' },
  { cep: '70000003', tipo_logradouro: '081', logradouro: 'DOS IPÊS', bairro: 'JARDIM DAS PALMEIRAS' },
  { cep: '70000004', tipo_logradouro: '081', logradouro: 'DA ESPERANÇA', bairro: 'VILA ESPERANÇA' },
  { cep: '70000005', tipo_logradouro: '031', logradouro: 'DO CÓRREGO CLARO', bairro: 'ZONA RURAL' },
].map((e) => ({ ...e, uf: 'DF', municipio: 'BRASÍLIA', municipio_ibge: '5300108' }));

type UnitKey = (typeof unidades)[number]['key'];
type TeamKey = (typeof teams)[number]['key'];
type Assign = { unidade: UnitKey; perfil: PerfilCodigo; cbo: string; equipe?: TeamKey; micro_areas?: string[] };

const accounts: Array<{ login: string; nome: string; email: string; lotacoes: Assign[] }> = [
  {
    login: 'admin',
    nome: 'Gestora de Demonstração',
    email: 'gestao@saude.exemplo.gov.br',
    lotacoes: unidades.map((u) => ({ unidade: u.key, perfil: 'gestor', cbo: '131210' })),
  },
  {
    login: 'recepcao',
    nome: 'Recepcionista de Demonstração',
    email: 'recepcao@saude.exemplo.gov.br',
    lotacoes: [{ unidade: 'upa', perfil: 'recepcao', cbo: '422105' }],
  },
  {
    login: 'medico',
    nome: 'Médico de Demonstração',
    email: 'medico@saude.exemplo.gov.br',
    lotacoes: [{ unidade: 'centro', perfil: 'medico', cbo: '225125', equipe: 'centro1' }],
  },
  {
    login: 'enfermagem',
    nome: 'Enfermeira de Demonstração',
    email: 'enfermagem@saude.exemplo.gov.br',
    lotacoes: [{ unidade: 'centro', perfil: 'enfermagem', cbo: '223565', equipe: 'centro1' }],
  },
  // Two units, so the unit selection page shows (issue 3).
  {
    login: 'acs',
    nome: 'Agente Comunitária de Demonstração',
    email: 'acs@saude.exemplo.gov.br',
    lotacoes: [
      { unidade: 'centro', perfil: 'acs', cbo: '515105', equipe: 'centro1', micro_areas: ['01', '02'] },
      { unidade: 'jardim', perfil: 'acs', cbo: '515105', equipe: 'jardim1', micro_areas: ['03'] },
    ],
  },
  {
    login: 'ace',
    nome: 'Agente de Endemias de Demonstração',
    email: 'ace@saude.exemplo.gov.br',
    lotacoes: [{ unidade: 'centro', perfil: 'ace', cbo: '515140', equipe: 'centro2', micro_areas: ['04', '05'] }],
  },
  {
    login: 'vigilancia',
    nome: 'Técnica de Vigilância de Demonstração',
    email: 'vigilancia@saude.exemplo.gov.br',
    lotacoes: [{ unidade: 'vigilancia', perfil: 'vigilancia', cbo: '352210' }],
  },
  // The data-protection officer (issue 46): answers the citizens' LGPD requests, municipality-wide.
  {
    login: 'encarregado',
    nome: 'Encarregada de Dados de Demonstração',
    email: 'encarregado@saude.exemplo.gov.br',
    lotacoes: [{ unidade: 'centro', perfil: 'protecao_dados', cbo: '411010' }],
  },
];

export async function isEmpty(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(profissionais);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the demo municipality on an empty database (after seedBase). False when another process starting at the same
 * moment seeded it first (issue 42: the emptiness is checked again under the first professionals' lock).
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const senha_hash = await hashSenha(DEMO_PASSWORD);
  const vazio = await db.transaction(async (tx) => {
    await travarPrimeirosProfissionais(tx);
    if (!(await isEmpty(tx))) return false;
    const tipoIds = new Map((await tx.select().from(tiposUnidade)).map((t) => [t.codigo, t.id]));
    const perfilIds = new Map((await tx.select().from(perfis)).map((p) => [p.codigo, p.id]));
    const unitIds = new Map<string, string>();
    for (const u of unidades) {
      const id = newId();
      unitIds.set(u.key, id);
      await tx
        .insert(unidadesSaude)
        .values({ id, cnes: u.cnes, nome: u.nome, tipo_unidade_id: tipoIds.get(u.tipo)!, ...u.flags });
    }
    const teamIds = new Map<string, string>();
    for (const t of teams) {
      const id = newId();
      teamIds.set(t.key, id);
      await tx.insert(equipes).values({
        id,
        ine: t.ine,
        nome: t.nome,
        unidade_saude_id: unitIds.get(t.unidade)!,
        micro_areas: [...t.micro_areas],
        // Every demo team is a family-health team; without a type its edit form would ask for one before saving.
        tipo: TIPO_ESF,
      });
    }
    for (const e of demoEnderecos) await rememberCep(tx, e);
    let n = 1;
    for (const a of accounts) {
      const id = newId();
      n++;
      await tx.insert(profissionais).values({
        id,
        login: a.login,
        nome: a.nome,
        email: a.email,
        senha_hash,
        demonstracao: true,
        cpf_numero: makeCpf(n * 1_234_567),
        codigo_cns: makeCnsProvisorio(n),
      });
      for (const l of a.lotacoes) {
        await tx.insert(lotacoes).values({
          id: newId(),
          profissional_id: id,
          unidade_saude_id: unitIds.get(l.unidade)!,
          ocupacao_codigo: l.cbo,
          equipe_id: l.equipe ? teamIds.get(l.equipe)! : null,
          perfil_id: perfilIds.get(l.perfil)!,
          micro_areas: l.micro_areas ?? [],
        });
      }
    }
    return true;
  });
  if (!vazio) return false;
  await seedMunicipes(db, demoEnderecos);
  await seedCadastrosIndividuais(db);
  await seedDomicilios(db, demoEnderecos);
  await alinharResponsaveis(db);
  await seedCadastrosIncompletos(db);
  await seedVisitas(db);
  await seedAtendimentos(db);
  await seedPacientesSemIdentificacao(db);
  await seedFilas(db);
  await seedPainel(db);
  await seedSenhas(db);
  await seedNotificacoes(db);
  await seedAvisos(db);
  await seedOuvidoriaDemo(db);
  await seedNotificacoesGlobais(db);
  await seedTemas(db);
  return true;
}

export async function findProfissional(db: Db, login: string) {
  const [p] = await db.select().from(profissionais).where(eq(profissionais.login, login));
  return p;
}
