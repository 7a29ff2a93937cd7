// Data hooks of the families (issue 7), from the kit's resource (lib/resource.ts).
import type {
  Familia,
  FamiliaFilters,
  FamiliaInput,
  FamiliaListItem,
  FamiliaUpdate,
} from '@saude/shared/schemas/familia';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/atencao_primaria/familias';

// The household's families tab shows the head and the member count.
const familias = resource<Familia, FamiliaListItem, FamiliaFilters, FamiliaInput | FamiliaUpdate>(BASE_PATH, {
  related: [['cadastros_domiciliares']],
}).as('Familia', 'Familias');

export const { getFamilia, useFamilias, useFamilia, useSaveFamilia, useDeleteFamilia } = familias;
