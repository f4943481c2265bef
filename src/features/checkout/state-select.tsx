import type { FieldMetadata } from '@conform-to/react';
import { INDIAN_STATES } from '../../../shared/indian-states';
import { SelectField, useSelectControl } from '../../components/ui/select';

const STATE_OPTIONS = INDIAN_STATES.map((name) => ({ label: name, value: name }));

/** The shipping state: the shared Select of the 36 states and union territories, wired to Conform. */
export function StateSelect({ meta, label }: { meta: FieldMetadata<string>; label: string }) {
  return (
    <SelectField
      key={meta.key}
      label={label}
      options={STATE_OPTIONS}
      placeholder="Select state"
      required
      {...useSelectControl(meta)}
    />
  );
}
