// Resources × actions of spec §6. Resource names are API paths under /api/v1; the web route's `authorize`,
// the API route's `config.access` and POST /api/ferramentas/permissoes all use the same `resource:action` string.
// Never rename one: clients and stored profiles depend on them (style guide §14).

const crud = ['index', 'show', 'create', 'update', 'destroy'] as const;

export const resources = {
  municipes: [...crud],
  // Per-citizen data blocks (spec §3 "per-citizen access permissions"). `todos`: every citizen's block, not only
  // those in the user's care (issue 14, docs/decisions.md "Health data scope"); only the manager holds it.
  'municipes/sociodemograficas': ['show', 'create', 'update', 'todos'],
  'municipes/condicoes_saude': ['show', 'create', 'update', 'todos'],
  municipes_notificacao: ['index', 'show', 'create', 'update'],
  notificacoes_globais: ['index', 'update'],
  ouvidoria: ['index', 'show'],
  termos_uso: [...crud],
  categorias: [...crud],
  enderecos: ['show'],
  'atencao_primaria/cadastros_domiciliares': [...crud],
  'atencao_primaria/cadastros_individuais': [...crud, 'saida_cadastro'],
  'atencao_primaria/familias': [...crud],
  'atencao_primaria/visitas_domiciliares': ['index', 'show', 'create', 'cancelar'],
  'comunicacao/avisos': [...crud],
  'ferramentas/temas': [...crud],
  'ferramentas/parametrizacao': ['show', 'update'],
  'filas/parametrizacoes': [...crud],
  'urgencia_emergencia/atendimentos': [...crud, 'chamar', 'cancelar'],
  'urgencia_emergencia/atendimentos_retroativos': [...crud, 'chamar', 'cancelar'],
  'urgencia_emergencia/paciente_sem_identificacoes': [...crud],
  'parametros/unidades_saude': ['show'],
  unidades_saude: [...crud],
  profissionais: [...crud],
  auditoria: ['index'],
} as const satisfies Record<string, readonly string[]>;

export type Resource = keyof typeof resources;
export type Permission = { [R in Resource]: `${R}:${(typeof resources)[R][number]}` }[Resource];

export const allPermissions: Permission[] = (Object.keys(resources) as Resource[]).flatMap((r) =>
  resources[r].map((a) => `${r}:${a}` as Permission),
);

export function isPermission(value: string): value is Permission {
  return (allPermissions as string[]).includes(value);
}

/** Profile codes of the demo municipality (spec §6 leaves role names open; see docs/decisions.md). */
export const perfis = ['gestor', 'recepcao', 'medico', 'enfermagem', 'acs', 'ace', 'vigilancia'] as const;
export type PerfilCodigo = (typeof perfis)[number];

const read = (r: Resource) => [`${r}:index`, `${r}:show`] as Permission[];
/** A citizen block to care for: read and write, in the user's care scope (never `todos`). */
const bloco = (r: 'municipes/sociodemograficas' | 'municipes/condicoes_saude') =>
  [`${r}:show`, `${r}:create`, `${r}:update`] as Permission[];
const all = (r: Resource) => resources[r].map((a) => `${r}:${a}` as Permission);

/** What each demo profile's work needs. Later modules only attach endpoints to these names. */
export const perfilPermissions: Record<PerfilCodigo, Permission[]> = {
  gestor: allPermissions,
  recepcao: [
    'municipes:index',
    'municipes:show',
    'municipes:create',
    'municipes:update',
    'enderecos:show',
    ...all('urgencia_emergencia/atendimentos'),
    ...all('urgencia_emergencia/atendimentos_retroativos'),
    ...all('urgencia_emergencia/paciente_sem_identificacoes'),
    ...read('filas/parametrizacoes'),
    ...read('comunicacao/avisos'),
    ...read('termos_uso'),
    'notificacoes_globais:index',
    'notificacoes_globais:update',
    'parametros/unidades_saude:show',
  ],
  medico: [
    'municipes:index',
    'municipes:show',
    'municipes:update',
    'enderecos:show',
    ...bloco('municipes/sociodemograficas'),
    ...bloco('municipes/condicoes_saude'),
    ...read('urgencia_emergencia/atendimentos'),
    'urgencia_emergencia/atendimentos:chamar',
    'urgencia_emergencia/atendimentos:update',
    ...read('urgencia_emergencia/atendimentos_retroativos'),
    ...read('urgencia_emergencia/paciente_sem_identificacoes'),
    'municipes_notificacao:index',
    'municipes_notificacao:show',
    'municipes_notificacao:create',
    'municipes_notificacao:update',
    ...read('atencao_primaria/cadastros_individuais'),
    ...read('atencao_primaria/familias'),
    ...read('atencao_primaria/visitas_domiciliares'),
    ...read('comunicacao/avisos'),
    ...read('termos_uso'),
    'notificacoes_globais:index',
    'notificacoes_globais:update',
    'parametros/unidades_saude:show',
  ],
  enfermagem: [
    'municipes:index',
    'municipes:show',
    'municipes:create',
    'municipes:update',
    'enderecos:show',
    ...bloco('municipes/sociodemograficas'),
    ...bloco('municipes/condicoes_saude'),
    ...read('urgencia_emergencia/atendimentos'),
    'urgencia_emergencia/atendimentos:chamar',
    'urgencia_emergencia/atendimentos:update',
    ...read('urgencia_emergencia/atendimentos_retroativos'),
    ...read('urgencia_emergencia/paciente_sem_identificacoes'),
    'municipes_notificacao:index',
    'municipes_notificacao:show',
    'municipes_notificacao:create',
    ...read('atencao_primaria/cadastros_individuais'),
    ...read('atencao_primaria/cadastros_domiciliares'),
    ...read('atencao_primaria/familias'),
    ...read('atencao_primaria/visitas_domiciliares'),
    ...read('comunicacao/avisos'),
    ...read('termos_uso'),
    'notificacoes_globais:index',
    'notificacoes_globais:update',
    'parametros/unidades_saude:show',
  ],
  acs: [
    'municipes:index',
    'municipes:show',
    'municipes:create',
    'municipes:update',
    'enderecos:show',
    ...bloco('municipes/sociodemograficas'),
    ...bloco('municipes/condicoes_saude'),
    ...all('atencao_primaria/cadastros_individuais'),
    ...all('atencao_primaria/cadastros_domiciliares'),
    ...all('atencao_primaria/familias'),
    ...all('atencao_primaria/visitas_domiciliares'),
    ...read('comunicacao/avisos'),
    ...read('termos_uso'),
    'notificacoes_globais:index',
    'notificacoes_globais:update',
    'parametros/unidades_saude:show',
  ],
  ace: [
    'municipes:index',
    'municipes:show',
    'enderecos:show',
    ...read('atencao_primaria/cadastros_domiciliares'),
    ...read('atencao_primaria/familias'),
    ...all('atencao_primaria/visitas_domiciliares'),
    ...read('comunicacao/avisos'),
    ...read('termos_uso'),
    'notificacoes_globais:index',
    'notificacoes_globais:update',
    'parametros/unidades_saude:show',
  ],
  vigilancia: [
    'municipes:index',
    'municipes:show',
    'enderecos:show',
    'municipes/condicoes_saude:show',
    ...all('municipes_notificacao'),
    // No primary-care reads: surveillance reads the notified (issue 14), which the notifications module will open.
    ...read('comunicacao/avisos'),
    ...read('termos_uso'),
    'notificacoes_globais:index',
    'notificacoes_globais:update',
    'parametros/unidades_saude:show',
  ],
};
