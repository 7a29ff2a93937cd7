// "Buscar no CADSUS" on the citizen form (issue 24): asks by the CPF (or else the CNS) typed above, fills the form and
// says which fields came from the registry. Shown only when the user may and the municipality configured the service.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useMunicipeForm } from '../secoes/comum';
import { buscarNoCadsus, consultaDe, useCadsusDisponivel } from './api';
import { CadsusAviso, type Desfecho } from './CadsusAviso';
import { useCadsus } from './CadsusContext';
import { camposMarcados, preenchimento } from './preencher';

export function CadsusBusca() {
  const disponivel = useCadsusDisponivel();
  const { control } = useMunicipeForm();
  const { aplicado, aplicar } = useCadsus();
  const [cpf, cns] = useWatch({ control, name: ['cpf_numero', 'codigo_cns'] });
  const [buscando, setBuscando] = useState(false);
  const [desfecho, setDesfecho] = useState<Desfecho | null>(null);
  const consulta = consultaDe(cpf, cns);
  // A fill made before this box mounted (from the registry list) is told here too.
  const mostrado: Desfecho | null =
    desfecho ??
    (aplicado
      ? { tipo: 'preenchido', resposta: aplicado, campos: camposMarcados(preenchimento(aplicado.campos)) }
      : null);
  if (!disponivel && !aplicado) return null;

  const buscar = async () => {
    if (!consulta) return;
    setBuscando(true);
    try {
      const r = await buscarNoCadsus(consulta);
      aplicar(r);
      setDesfecho({ tipo: 'preenchido', resposta: r, campos: camposMarcados(preenchimento(r.campos)) });
    } catch (erro) {
      setDesfecho({ tipo: 'erro', erro, consulta });
    } finally {
      setBuscando(false);
    }
  };

  return (
    <Stack gap="xs">
      {disponivel && (
        <Group gap="sm" wrap="wrap">
          <Button
            type="button"
            variant="light"
            mih={44}
            loading={buscando}
            disabled={!consulta}
            leftSection={<IconCloudSearch size={18} aria-hidden />}
            onClick={() => void buscar()}
          >
            Buscar no CADSUS
          </Button>
          <Text size="sm" c="dimmed">
            {consulta
              ? `Busca pelo ${'cpf' in consulta ? 'CPF' : 'CNS'} informado. Nada é gravado até você salvar.`
              : 'Informe um CPF ou CNS válido para buscar no cadastro nacional.'}
          </Text>
        </Group>
      )}
      {mostrado && <CadsusAviso desfecho={mostrado} />}
    </Stack>
  );
}
