// Issue 43: a citizen already registered here, looked up in the national registry. Nothing is overwritten: the
// registry's values stand beside the record's, and only the fields the user ticks go into the form, saved with Save
// (the record's normal update, whose version check refuses an edit made meanwhile by someone else).
import { Alert, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { CadsusMunicipe } from '@saude/shared/schemas/municipe_cadsus';
import { useMunicipeForm } from '../secoes/comum';
import { compararComCadsus } from './comparar';
import { useCadsus } from './CadsusContext';

const ESTILO = { title: { color: 'var(--mantine-color-text)' } };

export function CadsusComparacao({ resposta }: { resposta: CadsusMunicipe }) {
  const { getValues } = useMunicipeForm();
  const { escolher, fecharComparacao } = useCadsus();
  // The form's values when the answer came (the record as stored, plus any edit not yet saved).
  const linhas = useMemo(() => compararComCadsus(resposta.campos, (c) => getValues(c as never)), [resposta, getValues]);
  const diferentes = linhas.filter((l) => !l.igual);
  const iguais = linhas.length - diferentes.length;
  const [marcadas, setMarcadas] = useState<ReadonlySet<string>>(new Set());
  const alternar = (campo: string, sim: boolean) =>
    setMarcadas((m) => {
      const n = new Set(m);
      if (sim) n.add(campo);
      else n.delete(campo);
      return n;
    });
  const usar = () => escolher(new Set(diferentes.filter((l) => marcadas.has(l.campo)).flatMap((l) => l.caminhos)));

  return (
    <Alert
      color="blue"
      variant="light"
      styles={ESTILO}
      title="Comparar com o CADSUS"
      role="region"
      aria-label="Comparar com o CADSUS"
    >
      <Stack gap="sm">
        <Text size="sm">
          {diferentes.length === 0
            ? `Os ${iguais} campos informados pelo CADSUS são iguais aos deste cadastro.`
            : `${diferentes.length} ${diferentes.length === 1 ? 'campo difere' : 'campos diferem'} do CADSUS` +
              (iguais > 0 ? ` (${iguais} ${iguais === 1 ? 'igual' : 'iguais'})` : '') +
              '. Marque os que deseja trazer; os demais ficam como estão. Nada é gravado até você salvar.'}
        </Text>
        {diferentes.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder verticalSpacing="xs" fz="sm">
              <Table.Caption>Campos em que o CADSUS difere deste cadastro</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Campo</Table.Th>
                  <Table.Th scope="col">Neste cadastro</Table.Th>
                  <Table.Th scope="col">No CADSUS</Table.Th>
                  <Table.Th scope="col">Usar o do CADSUS</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {diferentes.map((l) => (
                  <Table.Tr key={l.campo}>
                    <Table.Th scope="row" fw={600}>
                      {l.rotulo}
                    </Table.Th>
                    <Table.Td>{l.nosso}</Table.Td>
                    <Table.Td>{l.cadsus}</Table.Td>
                    <Table.Td>
                      <Checkbox
                        size="md"
                        aria-label={`Usar ${l.rotulo} do CADSUS`}
                        checked={marcadas.has(l.campo)}
                        onChange={(e) => alternar(l.campo, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="sm" wrap="wrap">
          {diferentes.length > 0 && (
            <>
              <Button type="button" mih={44} disabled={marcadas.size === 0} onClick={usar}>
                Trazer os campos marcados
              </Button>
              <Button
                type="button"
                variant="default"
                mih={44}
                onClick={() => setMarcadas(new Set(diferentes.map((l) => l.campo)))}
              >
                Marcar todos
              </Button>
            </>
          )}
          <Button type="button" variant="subtle" mih={44} onClick={fecharComparacao}>
            {diferentes.length > 0 ? 'Manter este cadastro' : 'Fechar'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
