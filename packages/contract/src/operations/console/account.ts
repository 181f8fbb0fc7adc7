import { PasswordChange } from "../../index.ts";
import { defineOperation } from "../operation.ts";

export const changeOwnPassword = defineOperation({
  method: "post",
  path: "/api/console/me/password",
  summary: "Change the signed-in user's own password",
  description:
    "204 when changed. 400 naming `new_password` when it is too short (METABUILD_PASSWORD_MIN_LENGTH) " +
    "or longer than 72 bytes, and naming `current_password` when that is wrong.",
  tags: ["console"],
  body: PasswordChange,
  status: 204,
});
