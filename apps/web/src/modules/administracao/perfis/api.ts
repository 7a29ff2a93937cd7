// Data hooks of the profiles (issue 22), from the kit's resource (lib/resource.ts).
import type {
  Perfil,
  PerfilFilters,
  PerfilInput,
  PerfilListItem,
  PerfilUpdate,
} from '@saude/shared/schemas/administracao_perfil';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/administracao/perfis';

export const perfis = resource<Perfil, PerfilListItem, PerfilFilters, PerfilInput | PerfilUpdate>(BASE_PATH).as(
  'Perfil',
  'Perfis',
);

export const { getPerfil, usePerfis, usePerfil, useSavePerfil, useDeletePerfil } = perfis;
