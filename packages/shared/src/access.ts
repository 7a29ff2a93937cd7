// Resources × actions of spec §6. Resource names are API paths under /api/v1; the web route's `authorize`,
// the API route's `config.access` and POST /api/ferramentas/permissoes all use the same `resource:action` string.
// Never rename one: clients and stored profiles depend on them (style guide §14).

const crud = ['index', 'show', 'create', 'update', 'destroy'] as const;

export const resources = {
  // cadsus: look a person up in the national registry (issue 24) to fill the citizen form.
  municipes: [...crud, 'cadsus'],
  // Per-citizen data blocks (spec §3 "per-citizen access permissions"). `todos`: every citizen's block, not only
  // those in the user's care (issue 14, docs/decisions.md "Health data scope"); only the manager holds it.
  'municipes/sociodemograficas': ['show', 'create', 'update', 'todos'],
  'municipes/condicoes_saude': ['show', 'create', 'update', 'todos'],
  // The citizen's fingerprints (issue 39): update captures or replaces a finger, destroy removes one; same care scope.
  'municipes/biometrias': ['show', 'update', 'destroy', 'todos'],
  // Compulsory notifications (issue 18). situacao: change a case's status and close it (surveillance); todos: every
  // unit's notifications, not only those of the current unit.
  municipes_notificacao: ['index', 'show', 'create', 'update', 'situacao', 'todos'],
  // Global notifications (issue 20): index and update (mark read) are everyone's, for the ones aimed at them; create
  // and destroy are management's.
  notificacoes_globais: ['index', 'update', 'create', 'destroy'],
  // Ombudsman requests (issue 20): index also gives the bell; update changes the status and answers.
  ouvidoria: ['index', 'show', 'create', 'update'],
  // Terms of use (issue 21): publicar freezes a draft as the version everyone must accept at sign-in.
  termos_uso: [...crud, 'publicar'],
  // A user's own reminders (issue 21): each sees and changes only their own.
  lembretes: ['index', 'create', 'update', 'destroy'],
  enderecos: ['show'],
  'atencao_primaria/cadastros_domiciliares': [...crud],
  'atencao_primaria/cadastros_individuais': [...crud, 'saida_cadastro'],
  'atencao_primaria/familias': [...crud],
  'atencao_primaria/visitas_domiciliares': ['index', 'show', 'create', 'cancelar'],
  // Export to e-SUS APS (issue 26): index lists the history, create builds and downloads a file. Management only.
  'atencao_primaria/exportacao_esus': ['index', 'create'],
  // Staff notices (issue 19). visualizar: confirm (and reply to) a notice aimed at oneself — everyone; todos: every
  // notice with everyone's confirmations and replies, not only those aimed at oneself (management).
  'comunicacao/avisos': [...crud, 'visualizar', 'todos'],
  'ferramentas/temas': [...crud],
  'ferramentas/parametrizacao': ['show', 'update'],
  // The callbacks allowed to receive a SenhaSimples token (issue 39), management only; destroy deactivates.
  'ferramentas/auth_applications': [...crud],
  'filas/categorias': [...crud],
  'filas/parametrizacoes': [...crud],
  'filas/senhas': ['index', 'show', 'create', 'chamar', 'atender', 'concluir', 'encaminhar', 'ausente'],
  'urgencia_emergencia/atendimentos': [...crud, 'chamar', 'cancelar'],
  'urgencia_emergencia/atendimentos_retroativos': [...crud, 'chamar', 'cancelar'],
  // identificar: tie the patient to a citizen; desfazer_identificacao: undo that tie (managers only, issue 16).
  'urgencia_emergencia/paciente_sem_identificacoes': [...crud, 'identificar', 'desfazer_identificacao'],
  // update: a unit's parameter flags (issue 21), management only.
  'parametros/unidades_saude': ['show', 'update'],
  // Administration (issue 22), management only: units, teams, professionals and their assignments (lotações),
  // profiles, and the CNES file import. redefinir_senha: give a professional a one-time password.
  'administracao/unidades_saude': [...crud],
  'administracao/equipes': [...crud],
  'administracao/profissionais': [...crud, 'redefinir_senha'],
  'administracao/lotacoes': [...crud],
  'administracao/perfis': [...crud],
  'administracao/importacao_cnes': ['index', 'create'],
  auditoria: ['index'],
  // Coverage of the territory and its map (issue 44): per team and micro-area, read-only.
  'atencao_primaria/cobertura': ['index'],
  // The citizen's LGPD rights (issue 46): show is "Quem acessou" (the trail of one citizen), copia the copy of
  // everything held about them (PDF and JSON). The manager and the data-protection officer (protecao_dados).
  'municipes/lgpd': ['show', 'copia'],
  // Correction requests (LGPD art. 18 III): create records one, update closes it (corrected or refused with a reason).
  'municipes/correcoes': ['index', 'create', 'update'],
  // Duplicate citizens (issue 45), management only: index the queue and the merges, show a pair side by side, create a
  // merge, update the queue (run the search, "not the same person"), destroy undoes a merge.
  'municipes/unificacoes': ['index', 'show', 'create', 'update', 'destroy'],
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
export const perfis = [
  'gestor',
  'recepcao',
  'medico',
  'enfermagem',
  'acs',
  'ace',
  'vigilancia',
  // The data-protection officer (encarregado, LGPD art. 41; issue 46).
  'protecao_dados',
] as const;
export type PerfilCodigo = (typeof perfis)[number];

/** `resource:action` for the actions named (typed: only actions the resource has). */
const grant = <R extends Resource>(r: R, ...actions: Array<(typeof resources)[R][number]>) =>
  actions.map((a) => `${r}:${a}` as Permission);
const read = (r: Resource) => [`${r}:index`, `${r}:show`] as Permission[];
const all = (r: Resource) => resources[r].map((a) => `${r}:${a}` as Permission);

/** What every profile needs: find citizens and addresses, read notices and terms, its notifications, its unit. */
const base: Permission[] = [
  ...grant('municipes', 'index', 'show'),
  'enderecos:show',
  ...grant('comunicacao/avisos', 'index', 'show', 'visualizar'),
  ...read('termos_uso'),
  ...grant('notificacoes_globais', 'index', 'update'),
  'parametros/unidades_saude:show',
  ...all('lembretes'),
];
/** Register and correct citizens. */
const registers = grant('municipes', 'create', 'update', 'cadsus');
/** The citizen blocks to care for: read and write, in the user's care scope (never `todos`). */
const blocks = [
  ...grant('municipes/sociodemograficas', 'show', 'create', 'update'),
  ...grant('municipes/condicoes_saude', 'show', 'create', 'update'),
  ...grant('municipes/biometrias', 'show', 'update', 'destroy'),
];
/** Attend urgent care: read every kind of attendance, call the patient and write the attendance. */
const attends = [
  ...read('urgencia_emergencia/atendimentos'),
  ...grant('urgencia_emergencia/atendimentos', 'chamar', 'update'),
  ...read('urgencia_emergencia/atendimentos_retroativos'),
  ...read('urgencia_emergencia/paciente_sem_identificacoes'),
  ...grant('filas/senhas', 'index', 'show', 'chamar', 'atender', 'concluir', 'encaminhar', 'ausente'),
];
/** Who edits the citizen sees its open correction requests and closes them (issue 46). */
const corrige = grant('municipes/correcoes', 'index', 'update');
const primaryCare = [
  'atencao_primaria/cadastros_individuais',
  'atencao_primaria/cadastros_domiciliares',
  'atencao_primaria/familias',
  'atencao_primaria/visitas_domiciliares',
] as const satisfies Resource[];

/** What each demo profile's work needs: the base set and its additions. Later modules only attach endpoints. */
export const perfilPermissions: Record<PerfilCodigo, Permission[]> = {
  gestor: allPermissions,
  recepcao: [
    ...base,
    ...registers,
    ...all('urgencia_emergencia/atendimentos'),
    ...all('urgencia_emergencia/atendimentos_retroativos'),
    ...grant('urgencia_emergencia/paciente_sem_identificacoes', ...crud, 'identificar'),
    ...read('filas/parametrizacoes'),
    ...read('filas/categorias'),
    ...all('filas/senhas'),
    ...corrige,
  ],
  medico: [
    ...base,
    ...grant('municipes', 'update', 'cadsus'),
    ...blocks,
    ...attends,
    ...grant('municipes_notificacao', 'index', 'show', 'create', 'update'),
    // Reads the primary-care records except the household registration.
    ...primaryCare.filter((r) => r !== 'atencao_primaria/cadastros_domiciliares').flatMap(read),
    'atencao_primaria/cobertura:index',
    ...corrige,
  ],
  enfermagem: [
    ...base,
    ...registers,
    ...blocks,
    ...attends,
    ...grant('municipes_notificacao', 'index', 'show', 'create'),
    ...primaryCare.flatMap(read),
    'atencao_primaria/cobertura:index',
    ...corrige,
  ],
  acs: [...base, ...registers, ...blocks, ...primaryCare.flatMap(all), 'atencao_primaria/cobertura:index', ...corrige],
  ace: [
    ...base,
    ...read('atencao_primaria/cadastros_domiciliares'),
    ...read('atencao_primaria/familias'),
    ...all('atencao_primaria/visitas_domiciliares'),
  ],
  // No primary-care reads: surveillance reads the notified (issue 14), which the notifications module will open.
  vigilancia: [...base, 'municipes/condicoes_saude:show', ...all('municipes_notificacao')],
  // Answers the citizen's requests: who accessed, the copy, corrections. Reads the record (base), never edits it nor
  // the health blocks: the copy is its one way to the rest, and every copy is audited.
  protecao_dados: [...base, ...all('municipes/lgpd'), ...all('municipes/correcoes')],
};

/**
 * The modules a unit offers only when one of their flags (spec §3) is on (issue 39): the menu, the home, the page guard
 * and the services (apps/api/src/lib/unidade_flags.ts) refuse them elsewhere. A permission outside these prefixes is
 * offered by every unit. `misto` (a primary-care unit that also runs urgent care, e.g. a rural unit's emergency room)
 * opens urgent care like `pronto_atendimento` does; see docs/decisions.md "Unit flags".
 */
const modulosDaUnidade = [
  {
    prefixo: 'urgencia_emergencia/',
    nome: 'atendimento de urgência e emergência',
    flags: ['pronto_atendimento', 'misto'],
  },
  { prefixo: 'filas/', nome: 'gerenciamento de filas', flags: ['gerenciamento_filas'] },
] as const;
type FlagDeModulo = (typeof modulosDaUnidade)[number]['flags'][number];
type FlagsDeModulo = Record<FlagDeModulo, boolean>;

/** The flag-gated module of `permission` (`resource:action`), or null when every unit offers it. */
export const moduloDaUnidade = (permission: string) =>
  modulosDaUnidade.find((m) => permission.startsWith(m.prefixo)) ?? null;

/** Whether the unit with these flags offers the module of `permission` (`resource:action`). */
export function unidadeOferece(flags: FlagsDeModulo, permission: string): boolean {
  const modulo = moduloDaUnidade(permission);
  return !modulo || modulo.flags.some((f) => flags[f]);
}
