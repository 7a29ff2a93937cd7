// "Buscar no CADSUS" on the registry list (issue 24): a CPF or CNS, and the person found opens the new-citizen form
// already filled (nothing saved yet). Someone already registered here is offered first, so nobody is registered twice.
import { cadsusMsg } from '@saude/shared/schemas/municipe_cadsus';
import { Button, Card, Divider, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconCloudSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { CadsusMunicipe } from '@saude/shared/schemas/municipe_cadsus';
import { msg } from '@saude/shared/messages';
import { buscarNoCadsus, consultaDe, type ConsultaCadsus } from './api';
import { CadsusAviso, JaCadastrados, type Desfecho } from './CadsusAviso';
import { CadsusNomeBusca } from './CadsusNomeBusca';

export function CadsusListaBusca() {
  const navigate = useNavigate();
  const [numero, setNumero] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [buscando, setBuscando] = useState(false);
  const [desfecho, setDesfecho] = useState<Desfecho | null>(null);
  const [achado, setAchado] = useState<CadsusMunicipe | null>(null);
  const cadastrar = (r: CadsusMunicipe) => void navigate('/municipes/new', { state: { cadsus: r } });

  const buscar = async () => {
    const digitos = numero.replace(/\D/g, '');
    const consulta: ConsultaCadsus | null =
      digitos.length === 11 ? consultaDe(digitos, '') : digitos.length === 15 ? consultaDe('', digitos) : null;
    setDesfecho(null);
    setAchado(null);
    if (!consulta) {
      setErro(digitos === '' ? cadsusMsg.cadsusInformeCpfOuCns : msg.naoEValido);
      return;
    }
    setErro(null);
    setBuscando(true);
    try {
      const r = await buscarNoCadsus(consulta);
      if (r.ja_cadastrados.length > 0) setAchado(r);
      else cadastrar(r);
    } catch (e) {
      setDesfecho({ tipo: 'erro', erro: e, consulta });
    } finally {
      setBuscando(false);
    }
  };

  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Buscar no CADSUS
        </Title>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void buscar();
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="CPF ou CNS"
              description="O cadastro abre preenchido com os dados do cadastro nacional; nada é gravado até salvar."
              inputMode="numeric"
              autoComplete="off"
              maxLength={18}
              value={numero}
              error={erro}
              onChange={(e) => setNumero(e.currentTarget.value)}
              style={{ flex: '1 1 260px' }}
            />
            <Button type="submit" mih={44} loading={buscando} leftSection={<IconCloudSearch size={18} aria-hidden />}>
              Buscar no CADSUS
            </Button>
          </Group>
        </form>
        {desfecho && <CadsusAviso desfecho={desfecho} />}
        {achado && (
          <Stack gap="xs">
            <JaCadastrados resposta={achado} />
            <Group>
              <Button
                variant="default"
                mih={44}
                leftSection={<IconUserPlus size={18} aria-hidden />}
                onClick={() => cadastrar(achado)}
              >
                Novo cadastro com os dados do CADSUS
              </Button>
            </Group>
          </Stack>
        )}
        <Divider />
        <CadsusNomeBusca />
      </Stack>
    </Card>
  );
}
