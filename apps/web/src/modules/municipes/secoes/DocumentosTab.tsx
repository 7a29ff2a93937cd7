// Tab "Documentos e prontuários" (documento_prontuario) of the citizen record.
import { Grid, Stack } from '@mantine/core';
import { tiposCertidao } from '@saude/shared/schemas/municipe';
import { UF_OPTIONS } from '../../../lib/address';
import { codeOptions, DateField, FormSection, RadioField, SelectField, TextField } from '../../../lib/form';
import { Col, useMunicipeForm } from './comum';
import { ProntuariosSecao } from './ProntuariosSecao';

const CERTIDAO = codeOptions(tiposCertidao);

export function DocumentosTab() {
  const { control } = useMunicipeForm();
  return (
    <Stack gap="md">
      <FormSection title="Documentos">
        <Grid gap="sm">
          <Col>
            <TextField control={control} name="cartao_municipal" label="Cartão municipal" />
          </Col>
          <Col>
            <TextField control={control} name="numero_registro" label="Número de registro" />
          </Col>
          <Col>
            <TextField control={control} name="numero_prontuario_familiar" label="Prontuário familiar" />
          </Col>
          <Col>
            <TextField control={control} name="nis" label="NIS (PIS/PASEP)" inputProps={{ inputMode: 'numeric' }} />
          </Col>
        </Grid>
      </FormSection>
      <FormSection title="Identidade">
        <Grid gap="sm">
          <Col>
            <TextField control={control} name="rg_numero" label="Número da identidade" />
          </Col>
          <Col>
            <DateField control={control} name="rg_data_emissao" label="Data de emissão da identidade" />
          </Col>
          <Col>
            <SelectField control={control} name="rg_uf" label="UF da identidade" data={UF_OPTIONS} />
          </Col>
          <Col>
            <TextField control={control} name="rg_orgao_emissor" label="Órgão emissor" />
          </Col>
        </Grid>
      </FormSection>
      <FormSection title="Título de eleitor">
        <Grid gap="sm">
          <Col>
            <TextField
              control={control}
              name="titulo_eleitor"
              label="Título de eleitor"
              inputProps={{ inputMode: 'numeric' }}
            />
          </Col>
          <Col>
            <TextField control={control} name="titulo_zona" label="Zona" inputProps={{ inputMode: 'numeric' }} />
          </Col>
          <Col>
            <TextField control={control} name="titulo_secao" label="Seção" inputProps={{ inputMode: 'numeric' }} />
          </Col>
        </Grid>
      </FormSection>
      <FormSection title="Certidão">
        <Grid gap="sm">
          <Col span="full">
            <RadioField control={control} name="certidao_tipo" label="Tipo de certidão" data={CERTIDAO} />
          </Col>
          <Col span="half">
            <TextField control={control} name="certidao_cartorio" label="Cartório" />
          </Col>
          <Col>
            <TextField control={control} name="certidao_livro" label="Livro" />
          </Col>
          <Col>
            <TextField control={control} name="certidao_folha" label="Folha" />
          </Col>
          <Col>
            <TextField control={control} name="certidao_termo" label="Termo" />
          </Col>
          <Col>
            <DateField control={control} name="certidao_data_emissao" label="Data de emissão da certidão" />
          </Col>
          <Col span="full">
            <TextField
              control={control}
              name="certidao_matricula"
              label="Matrícula"
              description="32 dígitos"
              inputProps={{ inputMode: 'numeric' }}
            />
          </Col>
        </Grid>
      </FormSection>
      <ProntuariosSecao />
    </Stack>
  );
}
