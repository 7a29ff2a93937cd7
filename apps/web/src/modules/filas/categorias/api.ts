// Data hooks of the ticket categories (issue 17), from the kit's resource (lib/resource.ts).
import type {
  Categoria,
  CategoriaFilters,
  CategoriaInput,
  CategoriaListItem,
  CategoriaUpdate,
} from '@saude/shared/schemas/categoria';
import { resource } from '../../../lib/resource';

export const BASE_PATH = '/filas/categorias';

// A category's colour and letters show on the queue parametrization too.
export const categorias = resource<Categoria, CategoriaListItem, CategoriaFilters, CategoriaInput | CategoriaUpdate>(
  BASE_PATH,
  { related: [['parametrizacoes']] },
).as('Categoria', 'Categorias');

export const { getCategoria, useCategorias, useCategoria, useSaveCategoria, useDeleteCategoria } = categorias;
