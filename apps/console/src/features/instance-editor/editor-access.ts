import type { InstanceEditing } from "@metabuild/contract";
import type { Permissions } from "../../permissions/can.ts";

/** What the signed-in user may do in the editor now, and why not (docs/console-permissions.md). */
export function editorAccess(
  instance: InstanceEditing,
  me: number | undefined,
  permissions: Permissions,
  state: { dirty: boolean; busy: boolean },
) {
  // The server names a reason whenever someone else holds the checkout: one held here is ours.
  const mine = instance.read_only_reason === null && instance.checkout !== null;
  // The server says why in read_only_reason; can() agrees (write_instances).
  const canCheckout =
    instance.read_only_reason === null &&
    instance.checkout === null &&
    permissions.may("instance.edit");
  const editable = mine && !state.busy;
  // Details are a version of their own: not over unsaved rows. An admin may lift edit_disabled.
  const heldByOther = instance.checkout !== null && instance.checkout.user_id !== me;
  const detailsBlock = state.dirty
    ? "Save or discard the row changes first"
    : editable ||
        (permissions.may("instance.enable-editing") && instance.edit_disabled && !heldByOther)
      ? null
      : (instance.read_only_reason ?? "Check out the instance to change its details");
  const reason =
    instance.read_only_reason ??
    (instance.checkout === null ? "Check out the instance to edit its rows." : null);
  return { mine, canCheckout, editable, detailsBlock, reason };
}
