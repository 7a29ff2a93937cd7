// "Chamar" of an arrival (list row and detail): a repeated call waits the unit's tempo_chamadas, counted down on the
// button; a call the server still refuses shows its message (with the seconds left).
import { Button, type ButtonProps } from '@mantine/core';
import type { SituacaoAtendimento } from '@saude/shared/schemas/atendimento_tabelas';
import { useSegundosRestantes } from '../../../lib/contagem';
import { notifyError, notifySuccess } from '../../../lib/feedback';
import { useChamarAtendimento, useTempoChamadas, type TipoAtendimento } from './api';
import { chamadoPara } from './comum';

export function BotaoChamar({
  tipo,
  atendimento: a,
  rotulo,
  ...props
}: {
  tipo: TipoAtendimento;
  atendimento: {
    id: string;
    situacao: SituacaoAtendimento;
    chamado_em: string | null;
    paciente_nome: string;
    sexo_id: number | null;
  };
  /** The accessible name (the list names the patient). */
  rotulo?: string;
} & ButtonProps) {
  const chamar = useChamarAtendimento(tipo);
  const tempo = useTempoChamadas();
  const restantes = useSegundosRestantes(a.situacao === 'chamado' ? a.chamado_em : null, tempo.data);
  const texto = a.situacao === 'chamado' ? 'Chamar novamente' : 'Chamar';
  return (
    <Button
      {...props}
      aria-label={rotulo}
      loading={chamar.isPending}
      disabled={restantes > 0}
      onClick={(e) => {
        // In the list the row opens the detail; this button calls without leaving it.
        e.stopPropagation();
        chamar.mutate(
          { id: a.id },
          {
            onSuccess: () => notifySuccess(`${a.paciente_nome} foi ${chamadoPara(a.sexo_id)}.`),
            onError: (err) => notifyError(err),
          },
        );
      }}
    >
      {restantes > 0 ? `${texto} (${restantes} s)` : texto}
    </Button>
  );
}
