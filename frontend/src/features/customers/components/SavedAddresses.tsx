import { MapPin, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { savedAddressInputSchema } from '../../../../../backend/src/customers/contract/address-book-input';
import { ADDRESS_BOOK_LIMIT } from '../../../../../backend/src/customers/contract/address-book.events';
import { formatAustralianPhone } from '../../../../../backend/src/ordering/contract/checkout-rules';
import { messageOf } from '../../../api/client';
import { Button } from '../../../components/ui/Button';
import { AustralianStateOptions } from '../../../components/AustralianStateOptions';
import { AdminDialog } from '../../../components/ui/Dialog';
import { Field, useZodForm } from '../../../components/ui/form';
import { addressBookQuery, addressLine, SavedAddress, useChangeAddressBook } from '../api/address-queries';
import './saved-addresses.css';
import { Badge } from '../../../components/ui/Badge';

/** The form's fields: the server's own address rules (checkout's), country aside (Australia only). */
const addressFormSchema = savedAddressInputSchema.omit({ country: true });
type AddressFormValues = z.input<typeof addressFormSchema>;
const EMPTY: AddressFormValues = { firstName: '', lastName: '', phone: '', address: '', city: '', state: 'NSW', postalCode: '', makeDefault: false };

/**
 * Account settings' saved addresses (issue 22): at most ten, one the default that checkout fills in; add, edit,
 * remove, or make another the default.
 */
export function SavedAddresses() {
  const book = useQuery(addressBookQuery(true));
  const change = useChangeAddressBook();
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);
  const addresses = book.data ?? [];

  return (
    <section className="stack saved-addresses" aria-labelledby="saved-addresses-heading">
      <div className="row between wrap gap">
        <h2 id="saved-addresses-heading">Saved addresses</h2>
        <Button variant="outline" size="sm" disabled={addresses.length >= ADDRESS_BOOK_LIMIT} onClick={() => setEditing('new')}>
          <Plus size={16} aria-hidden /> Add address
        </Button>
      </div>
      {book.isPending ? (
        <p className="muted small" role="status">
          Loading your addresses...
        </p>
      ) : book.isError ? (
        <p className="notice notice-danger" role="alert">
          {messageOf(book.error, 'Your addresses could not be loaded.')}
        </p>
      ) : addresses.length === 0 ? (
        <p className="muted small">No saved addresses yet. Checkout fills in the default one for you.</p>
      ) : (
        <ul className="saved-address-list" aria-label="Saved addresses">
          {addresses.map((address) => (
            <li key={address.id} className="saved-address card">
              <p>
                <MapPin size={16} aria-hidden /> {addressLine(address)}
                {address.isDefault && <Badge tone="success">Default</Badge>}
              </p>
              <p className="muted small">{address.phone}</p>
              <div className="row gap wrap">
                <Button variant="ghost" size="sm" aria-label={`Edit address ${addressLine(address)}`} onClick={() => setEditing(address)}>
                  <Pencil size={16} aria-hidden /> Edit
                </Button>
                {!address.isDefault && (
                  <Button variant="ghost" size="sm" aria-label={`Make default ${addressLine(address)}`} disabled={change.isPending} onClick={() => change.mutate({ kind: 'chooseDefault', addressId: address.id })}>
                    <Star size={16} aria-hidden /> Make default
                  </Button>
                )}
                <Button variant="ghost" size="sm" aria-label={`Remove address ${addressLine(address)}`} disabled={change.isPending} onClick={() => change.mutate({ kind: 'remove', addressId: address.id })}>
                  <Trash2 size={16} aria-hidden /> Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {change.isError && editing === null && (
        <p className="notice notice-danger" role="alert">
          {messageOf(change.error, 'The address could not be changed. Please try again.')}
        </p>
      )}
      {editing !== null && <AddressDialog address={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function AddressDialog({ address, onClose }: { address: SavedAddress | null; onClose(): void }) {
  const change = useChangeAddressBook();
  const form = useZodForm(addressFormSchema, { defaultValues: address ? { ...address, makeDefault: false } : EMPTY });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ makeDefault, ...values }) =>
    change.mutate({ kind: 'save', addressId: address?.id ?? null, address: { ...values, phone: formatAustralianPhone(values.phone) }, makeDefault }, { onSuccess: onClose }),
  );
  return (
    <AdminDialog title={address ? 'Edit address' : 'Add address'} submitLabel="Save address" busy={change.isPending} onSubmit={submit} onClose={onClose}>
      <div className="field-grid">
        <Field label="First name" required error={errors.firstName?.message}>
          <input className="input" autoComplete="given-name" {...form.register('firstName')} />
        </Field>
        <Field label="Last name" required error={errors.lastName?.message}>
          <input className="input" autoComplete="family-name" {...form.register('lastName')} />
        </Field>
        <Field label="Phone" required className="span-2" error={errors.phone?.message} hint="Australian mobile or landline, e.g. 0412 345 678.">
          <input className="input" type="tel" inputMode="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <Field label="Street address" required className="span-2" error={errors.address?.message}>
          <input className="input" autoComplete="street-address" {...form.register('address')} />
        </Field>
        <Field label="City or suburb" required error={errors.city?.message}>
          <input className="input" autoComplete="address-level2" {...form.register('city')} />
        </Field>
        <Field label="State" required error={errors.state?.message}>
          <select className="select" autoComplete="address-level1" {...form.register('state')}>
            <AustralianStateOptions />
          </select>
        </Field>
        <Field label="Postcode" required error={errors.postalCode?.message}>
          <input className="input" inputMode="numeric" autoComplete="postal-code" {...form.register('postalCode')} />
        </Field>
      </div>
      {!address?.isDefault && (
        <Field label="Use as my default address" inline>
          <input type="checkbox" {...form.register('makeDefault')} />
        </Field>
      )}
      {change.isError && (
        <p className="notice notice-danger" role="alert">
          {messageOf(change.error, 'The address could not be saved. Please try again.')}
        </p>
      )}
    </AdminDialog>
  );
}
