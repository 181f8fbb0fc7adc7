import type { Me } from "@metabuild/contract";
import { NotAuthenticated, type Principal, messages } from "@metabuild/core";
import { type Db, findCustomerById } from "@metabuild/db";

/** The signed-in user's own account, as the console shows it. */
export class UserService {
  constructor(private readonly db: Db) {}

  me(principal: Principal): Me {
    const customer = findCustomerById(this.db, principal.customerId);
    // A principal always belongs to a customer; a missing one means the account is gone.
    if (!customer) throw new NotAuthenticated(messages.notAuthenticated);
    return {
      id: principal.id,
      email: principal.email,
      admin: principal.admin,
      customer_id: customer.id,
      customer: customer.name,
    };
  }
}
