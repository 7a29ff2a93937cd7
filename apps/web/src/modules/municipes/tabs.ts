// The child tabs of /municipes/{id}/edit (spec §2) and which of them a user sees (spec §6, issue 5 "Access").
import type { PermissaoCadastro } from '@saude/shared/schemas/municipe';

export type MunicipeTab = { path: string; label: string };

/** The tabs that edit the citizen record itself (one form, one PUT). '' is the default tab. */
export const TABS_CADASTRO: MunicipeTab[] = [
  { path: '', label: 'Identificação' },
  { path: 'documento_prontuario', label: 'Documentos e prontuários' },
  { path: 'outros', label: 'Outros' },
];
export const PATHS_CADASTRO = new Set(TABS_CADASTRO.map((t) => t.path));

/** The block tabs' paths (blocos/routes.tsx): each checks its own permission when opened. */
export const BLOCO_PATHS = new Set([
  'sociodemografica',
  'visualizar_sociodemografica',
  'condicao_situacao_saude',
  'visualizar_condicao_situacao_saude',
  'biometria',
]);

/** A block's tab: the editable one with create or update, the read-only one with show only, none otherwise. */
function blocoTab(acoes: readonly string[], label: string, editar: string, visualizar: string): MunicipeTab[] {
  if (acoes.includes('update') || acoes.includes('create')) return [{ path: editar, label }];
  if (acoes.includes('show')) return [{ path: visualizar, label }];
  return [];
}

/** "Quem acessou" (issue 46): the citizen's audit trail, for the manager and the data-protection officer. */
export const TAB_ACESSOS: MunicipeTab = { path: 'quem_acessou', label: 'Quem acessou' };

/** Every tab the user may open, in the order of the e-SUS individual form, then who accessed the record. */
export function municipeTabs(
  permissoes: PermissaoCadastro,
  habilitaBiometria: boolean,
  verAcessos = false,
): MunicipeTab[] {
  return [
    TABS_CADASTRO[0]!,
    TABS_CADASTRO[1]!,
    ...blocoTab(permissoes.sociodemograficas, 'Sociodemográfica', 'sociodemografica', 'visualizar_sociodemografica'),
    ...blocoTab(
      permissoes.condicoes_saude,
      'Condição de saúde',
      'condicao_situacao_saude',
      'visualizar_condicao_situacao_saude',
    ),
    TABS_CADASTRO[2]!,
    ...(habilitaBiometria ? [{ path: 'biometria', label: 'Biometria' }] : []),
    ...(verAcessos ? [TAB_ACESSOS] : []),
  ];
}

/** The tab part of a path under /municipes/{id}/edit: '/municipes/1/edit/outros' → 'outros'; the default tab is ''. */
export function tabDoCaminho(pathname: string, editPath: string): string {
  const rest = pathname.startsWith(editPath) ? pathname.slice(editPath.length) : '';
  return rest.replace(/^\/+/, '').split('/')[0] ?? '';
}

/** Mantine's Tabs need a non-empty value: the default tab ('') is 'identificacao' there. */
export const DEFAULT_TAB_VALUE = 'identificacao';
export const tabValue = (path: string) => path || DEFAULT_TAB_VALUE;
export const tabPath = (value: string | null) => (!value || value === DEFAULT_TAB_VALUE ? '' : value);
