import { describe, expect, it } from "vitest";
import { userChangeRefusal } from "./user-rules.ts";

const admin = { id: 1, admin: true, disabled: false };
const user = { id: 2, admin: false, disabled: false };

describe("user rules", () => {
  it("refuses an admin disabling or demoting themself", () => {
    expect(userChangeRefusal(admin, { disabled: true }, 1, 3)).toEqual({
      field: "disabled",
      message: "You cannot disable your own account!",
    });
    expect(userChangeRefusal(admin, { admin: false }, 1, 3)?.field).toBe("admin");
    expect(userChangeRefusal(admin, { admin: true, disabled: false }, 1, 0)).toBeUndefined();
  });

  it("refuses the change that leaves a customer without an enabled admin, whoever makes it", () => {
    for (const actor of [undefined, 7]) {
      expect(userChangeRefusal(admin, { admin: false }, actor, 0)).toEqual({
        field: "admin",
        message: "The customer would have no enabled administrator left!",
      });
      expect(userChangeRefusal(admin, { disabled: true }, actor, 0)?.field).toBe("disabled");
      expect(userChangeRefusal(admin, { admin: false }, actor, 1)).toBeUndefined();
    }
  });

  it("lets other changes through, also of customers that have no admin", () => {
    expect(userChangeRefusal(user, { disabled: true }, 1, 0)).toBeUndefined();
    expect(userChangeRefusal(user, { admin: true }, undefined, 0)).toBeUndefined();
    expect(userChangeRefusal({ ...admin, disabled: true }, { admin: false }, 5, 0)).toBeUndefined();
    expect(userChangeRefusal(admin, {}, undefined, 0)).toBeUndefined();
  });
});
