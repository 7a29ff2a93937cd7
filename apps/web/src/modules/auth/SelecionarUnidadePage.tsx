import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingHospital, IconCheck } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { msg, type LotacaoOpcao } from '@saude/shared';
import { notifyError } from '../../lib/feedback/notify';
import { RETORNO, safeRetorno, useLotacoes, useSelecionarUnidade, useUsuario } from '../../lib/session';
import classes from './auth.module.css';

/** Spec §4: a user without a current unit chooses one here before anything else. */
export function SelecionarUnidadePage() {
  useDocumentTitle('Selecionar unidade de saúde');
  const usuario = useUsuario();
  const lotacoes = useLotacoes();
  const selecionar = useSelecionarUnidade();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const atual = usuario?.unidade_atual?.id ?? null;

  const escolher = async (lotacao: LotacaoOpcao) => {
    try {
      await selecionar.mutateAsync(lotacao.unidade_saude_id);
      const retorno = safeRetorno(params.get(RETORNO));
      await navigate(retorno && !retorno.startsWith('/selecionar_unidade_saude') ? retorno : '/', { replace: true });
    } catch (err) {
      notifyError(err);
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} fz="h2">
          Selecionar unidade de saúde
        </Title>
        <Text c="dimmed">{atual ? 'Escolha a unidade em que vai trabalhar agora.' : msg.semUnidadeAtual}</Text>
      </div>
      {lotacoes.isLoading && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} aria-hidden>
          <Skeleton h={120} />
          <Skeleton h={120} />
        </SimpleGrid>
      )}
      {lotacoes.error && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title={msg.algoDeuErrado}>
          <Stack gap="xs" align="flex-start">
            {msg.erroGenerico}
            <Button variant="light" onClick={() => void lotacoes.refetch()}>
              Tentar novamente
            </Button>
          </Stack>
        </Alert>
      )}
      {lotacoes.data?.length === 0 && (
        <Alert color="yellow" icon={<IconAlertCircle aria-hidden />} role="alert">
          {msg.semLotacao}
        </Alert>
      )}
      {lotacoes.data && lotacoes.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" role="list" aria-label="Suas lotações">
          {lotacoes.data.map((l) => {
            const current = l.unidade_saude_id === atual;
            const busy = selecionar.isPending && selecionar.variables === l.unidade_saude_id;
            return (
              // The list item holds the button, so the card stays a button to assistive technology (issue 12).
              <div role="listitem" key={`${l.unidade_saude_id}-${l.perfil_nome}-${l.ocupacao}`}>
                {/* Named by what it shows (no aria-label: axe label-content-name-mismatch). */}
                <UnstyledButton
                  className={classes.unitCard}
                  data-current={current || undefined}
                  disabled={selecionar.isPending}
                  onClick={() => void escolher(l)}
                >
                  <Group wrap="nowrap" align="flex-start" gap="md">
                    <IconBuildingHospital size={32} className={classes.unitIcon} aria-hidden />
                    <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                      <Group gap="xs" wrap="wrap">
                        <Text fw={700} fz="lg" className={classes.unitName}>
                          {l.unidade_nome}
                        </Text>
                        {current && (
                          <Badge color="green" variant="light" leftSection={<IconCheck size={12} aria-hidden />}>
                            Unidade atual
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm">CNES {l.cnes}</Text>
                      <Text size="sm">
                        {l.perfil_nome} · {l.ocupacao}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {l.equipe_nome ? `Equipe ${l.equipe_nome}` : 'Sem equipe'}
                      </Text>
                    </Stack>
                    {busy && <Loader size="sm" role="status" aria-label="Selecionando" />}
                  </Group>
                </UnstyledButton>
              </div>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
