// Deleting a notice (spec §8, issue 19): 'Deseja excluir esse aviso?' → 'Aviso excluído com sucesso!'. A soft delete
// (situacao excluido): the notice leaves the lists and the pop-ups, its confirmations stay for the record.
import { msg } from '@saude/shared';
import { RemoveButton, RemoveIcon, type RemoveTexts } from '../../../../lib/feedback';
import { useDeleteAviso } from '../api';

const TEXTOS: RemoveTexts = {
  title: msg.avisoConfirmarExclusao,
  body: 'O aviso deixa de aparecer para os destinatários.',
  confirm: 'Sim, excluir',
  removed: msg.avisoExcluido,
};

/** The red "Excluir aviso" of the show and edit pages; leaves for `goTo` once deleted. */
export function ExcluirAvisoButton({ id, goTo, onRemoved }: { id: string; goTo: string; onRemoved?: () => void }) {
  const remover = useDeleteAviso();
  return (
    <RemoveButton model="aviso" texts={TEXTOS} remove={() => remover.mutateAsync(id)} goTo={goTo} onRemoved={onRemoved}>
      Excluir aviso
    </RemoveButton>
  );
}

/** The row's delete icon of the list. */
export function ExcluirAvisoIcon({ id, titulo }: { id: string; titulo: string }) {
  const remover = useDeleteAviso();
  return (
    <RemoveIcon model="aviso" texts={TEXTOS} label={`Excluir aviso ${titulo}`} remove={() => remover.mutateAsync(id)} />
  );
}
