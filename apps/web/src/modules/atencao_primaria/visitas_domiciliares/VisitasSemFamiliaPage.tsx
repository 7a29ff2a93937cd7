// /atencao_primaria/visitas_domiciliares/sem_familia (issue 12): the user's own visits without a family (a shop, a
// vacant lot, a citizen not yet in a family), newest first, with where they happened; cancel works here as in a
// family's history.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { VisitaDomiciliar } from '@saude/shared/schemas/visita_domiciliar';
import { usePode } from '../../../lib/access';
import { BackButton } from '../../../lib/detail';
import { LoadError } from '../../../lib/feedback';
import { BASE_PATH, useHistoricoVisitas } from './api';
import { CancelarVisitaDialog } from './CancelarVisitaDialog';
import { HistoricoVisitas } from './HistoricoVisitas';

const POR_PAGINA = 10;

export function VisitasSemFamiliaPage() {
  useDocumentTitle('Visitas domiciliares · Visitas sem família');
  const podeCriar = usePode('atencao_primaria/visitas_domiciliares:create');
  const [page, setPage] = useState(1);
  const historico = useHistoricoVisitas({ sem_familia: true, minhas: true, page, per_page: POR_PAGINA });
  const [cancelando, setCancelando] = useState<VisitaDomiciliar | null>(null);
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
          <Button
            component={Link}
            to={`${BASE_PATH}/membro/visitar`}
            mih={44}
            leftSection={<IconMapPin size={18} aria-hidden />}
          >
            Visita sem família
          </Button>
        )}
      </Group>
      {historico.error ? (
        <LoadError error={historico.error} onRetry={() => void historico.refetch()} />
      ) : (
        <HistoricoVisitas
          visitas={historico.data?.rows}
          total={historico.data?.total}
          page={page}
          perPage={POR_PAGINA}
          onPageChange={setPage}
          podeCancelar={(v) => v.pode_cancelar}
          onCancelar={setCancelando}
          comLocal
          vazio="Nenhuma visita sem família registrada por você."
        />
      )}
      <BackButton to={BASE_PATH} end>
        Voltar para a lista
      </BackButton>
      <CancelarVisitaDialog visita={cancelando} onClose={() => setCancelando(null)} />
    </Stack>
  );
}
