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
const categorias = resource<Categoria, CategoriaListItem, CategoriaFilters, CategoriaInput | CategoriaUpdate>(
  BASE_PATH,
  { related: [['parametrizacoes']] },
);

export const getCategoria = categorias.get;
export const useCategorias = categorias.useList;
export const useCategoria = categorias.useOne;
export const useSaveCategoria = categorias.useSave;
export const useDeleteCategoria = categorias.useRemove;
