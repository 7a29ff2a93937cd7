// "Esta unidade não oferece…" (issue 39): the user's other units where the module is on, each read with
// GET /api/v1/parametros/unidades_saude/{id}/{parametro} (spec §7), with a button that switches to it and comes back
// to the same screen. Loaded only on that page.
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { moduloDaUnidade } from '@saude/shared';
import { notifyError } from '../../lib/feedback';
import { useLotacoes, useSelecionarUnidade, useUsuario } from '../../lib/session';
import { parametroDeUnidadeQuery } from './parametroUnidade';

export function UnidadesQueOferecem({ permissao, voltarPara }: { permissao: string; voltarPara: string }) {
  const modulo = moduloDaUnidade(permissao);
  const atual = useUsuario()?.unidade_atual?.id;
  const lotacoes = useLotacoes();
  const selecionar = useSelecionarUnidade();
  const navigate = useNavigate();
  // One card per unit (a user may have two assignments in one unit).
  const outras = [...new Map((lotacoes.data ?? []).map((l) => [l.unidade_saude_id, l])).values()].filter(
    (l) => l.unidade_saude_id !== atual,
  );
  const pares = outras.flatMap((l) => (modulo?.flags ?? []).map((f) => ({ l, f })));
  const flags = useQueries({ queries: pares.map(({ l, f }) => parametroDeUnidadeQuery(l.unidade_saude_id, f)) });
  if (!modulo || lotacoes.isLoading || flags.some((q) => q.isLoading))
    return lotacoes.isError ? null : <Loader size="sm" role="status" aria-label="Procurando unidades que oferecem" />;
  const oferecem = outras.filter((l) => pares.some((p, i) => p.l === l && flags[i]?.data === true));
  if (oferecem.length === 0) return null;

  const ir = async (unidadeId: string) => {
    try {
      await selecionar.mutateAsync(unidadeId);
      await navigate(voltarPara, { replace: true });
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Stack gap="xs" align="center">
      <Text fw={500}>
        {oferecem.length === 1 ? 'Disponível na sua lotação em:' : 'Disponível nas suas lotações em:'}
      </Text>
      <Group justify="center" gap="sm">
        {oferecem.map((l) => (
          <Button
            key={l.unidade_saude_id}
            variant="default"
            size="md"
            leftSection={<IconBuildingHospital size={18} aria-hidden />}
            loading={selecionar.isPending && selecionar.variables === l.unidade_saude_id}
            disabled={selecionar.isPending}
            onClick={() => void ir(l.unidade_saude_id)}
          >
            Trabalhar em {l.unidade_nome}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
