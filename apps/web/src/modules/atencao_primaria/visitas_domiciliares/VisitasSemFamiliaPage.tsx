// /atencao_primaria/visitas_domiciliares/sem_familia (issue 12): the user's own visits without a family (a shop, a
// vacant lot, a citizen not yet in a family), newest first, with where they happened; cancel works here as in a
// family's history.
import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { usePode } from '../../../lib/access';
import { LinkButton } from '../../../lib/LinkButton';
import { BASE_PATH } from './api';
import { HistoricoCancelavel } from './VisitaFamiliaDetalhesPage';

export function VisitasSemFamiliaPage() {
  useDocumentTitle('Visitas domiciliares · Visitas sem família');
  const podeCriar = usePode('atencao_primaria/visitas_domiciliares:create');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            Visitas sem família
          </Title>
          <Text size="sm" c="dimmed">
            Suas visitas a imóveis sem família cadastrada e a munícipes sem família.
          </Text>
        </Stack>
        {podeCriar && (
          <LinkButton to={`${BASE_PATH}/membro/visitar`} icon={IconMapPin}>
            Visita sem família
          </LinkButton>
        )}
      </Group>
      <HistoricoCancelavel
        filtro={{ sem_familia: true, minhas: true }}
        comLocal
        vazio="Nenhuma visita sem família registrada por você."
      />
    </Stack>
  );
}
