// "Buscar no CADSUS" on the citizen form (issue 24): asks by the CPF (or else the CNS) typed above, fills the form and
// says which fields came from the registry. Shown only when the user may and the municipality configured the service.
// On a citizen already registered (issue 43) it compares instead: CadsusComparacao.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useMunicipeForm, useMunicipeFormInfo } from '../secoes/comum';
import { buscarNoCadsus, consultaDe, useCadsusDisponivel } from './api';
import { CadsusAviso, type Desfecho } from './CadsusAviso';
import { CadsusComparacao } from './CadsusComparacao';
import { useCadsus } from './CadsusContext';
import { camposMarcados, preenchimento, rotulosDe } from './preencher';

export function CadsusBusca() {
  const disponivel = useCadsusDisponivel();
  const { control } = useMunicipeForm();
  const { aplicado, aplicar, comparando, marcados } = useCadsus();
  const existente = useMunicipeFormInfo().municipe !== undefined;
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
  if (!disponivel && !aplicado && !comparando) return null;

  const buscar = async () => {
    if (!consulta) return;
    setBuscando(true);
    try {
      const r = await buscarNoCadsus(consulta);
      aplicar(r);
      // An existing citizen's answer waits in the comparison: nothing was filled yet.
      setDesfecho(
        existente ? null : { tipo: 'preenchido', resposta: r, campos: camposMarcados(preenchimento(r.campos)) },
      );
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
      {comparando && <CadsusComparacao key={JSON.stringify(comparando.campos)} resposta={comparando} />}
      {!comparando && existente && marcados.size > 0 && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          title="Campos trazidos do CADSUS"
        >
          <Text size="sm">
            {rotulosDe([...marcados]).join(', ')}. Confira e clique em Salvar para gravar; os demais campos não mudaram.
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
