// Birthplace of a Brazilian citizen: the kit's municipality search (lib/address), on the citizen form.
import type { Municipe } from '@saude/shared/schemas/municipe';
import { MunicipioBuscaField } from '../../../lib/address';
import { useMunicipeForm } from './comum';

export function MunicipioNascimentoField({ inicial, required }: { inicial?: Municipe; required?: boolean }) {
  const { control } = useMunicipeForm();
  return (
    <MunicipioBuscaField
      control={control}
      name="municipio_nascimento_ibge"
      nomeField="municipio_nascimento_nome"
      label="Município de nascimento"
      required={required}
      nomeInicial={inicial?.municipio_nascimento_nome}
    />
  );
}
