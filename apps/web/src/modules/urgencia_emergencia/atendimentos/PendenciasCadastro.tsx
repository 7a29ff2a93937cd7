// What the citizen's record lacks for the reception (issue 39, unit flags sem_validacao and
// validacao_completa_municipe; rule in @saude/shared/schemas/validacao_recepcao). A warning above the arrival form,
// or, where the unit requires the complete record, the reason the arrival cannot be registered yet.
import { Alert, List, Stack, Text } from '@mantine/core';
import { usePode } from '../../../lib/access';
import { LinkButton } from '../../../lib/LinkButton';
import { ALERTA } from './comum';

export function PendenciasCadastro({
  municipeId,
  nome,
  pendencias,
  bloqueia,
}: {
  municipeId: string;
  nome: string;
  pendencias: string[];
  bloqueia: boolean;
}) {
  const podeEditar = usePode('municipes:update');
  if (pendencias.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      styles={ALERTA}
      role={bloqueia ? 'alert' : undefined}
      title={bloqueia ? 'Complete o cadastro para registrar a chegada' : 'Cadastro incompleto'}
    >
      <Stack gap="xs">
        <Text size="sm">
          {bloqueia
            ? `Esta unidade exige o cadastro completo do munícipe na recepção. Falta no cadastro de ${nome}:`
            : // The form's header names the patient already.
              'A chegada pode ser registrada, mas falta no cadastro do munícipe:'}
        </Text>
        <List size="sm" aria-label="Falta no cadastro">
          {pendencias.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
        {podeEditar ? (
          <LinkButton to={`/municipes/${municipeId}/edit`} variant="default" w="fit-content">
            Completar cadastro
          </LinkButton>
        ) : (
          <Text size="sm">Peça a quem cadastra munícipes para completar o cadastro.</Text>
        )}
      </Stack>
    </Alert>
  );
}
