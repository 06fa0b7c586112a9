// VERDICT: true
// A bank account (in the spirit of seed 002's BankAccount subject): deposit
// and withdraw go through the layers a real service has, each of which
// checks what it needs: the request is validated (account open, amount in
// range), authorised (daily withdrawal limit, overdraft), charged a fee by
// tier, screened for large transactions, and posted. main runs a session
// teller's queue of 16 requests on four accounts, with symbolic amounts,
// each within the range a customer's transaction of that kind takes; an
// account's balance and the day's withdrawals carry its amounts from one
// request to the next.
#include <cosmo.h>

#define MAX_DEPOSIT 5000
#define MAX_WITHDRAWAL 1000
#define DAILY_LIMIT 1500
#define LARGE 800 // large transactions are reported
#define SMALL 100 // below: the small-transaction fee

enum { CHECKING, SAVINGS };
enum { OK, REFUSED, INVALID, OVER_LIMIT, INSUFFICIENT };

struct account {
  int kind;        // CHECKING or SAVINGS
  int frozen;      // no operations while frozen
  int balance;     // in dollars
  int overdraft;   // how far below zero the balance may go
  int withdrawn;   // withdrawn today
  int withdrawals; // number of withdrawals this month
  int fees;        // fees charged
  int reported;    // large transactions reported
  int overdrawn;   // operations that left the balance below zero
};

// Validation: is `amount` an amount this operation accepts?
int valid_amount(int amount, int max) {
  if (amount <= 0)
    return 0;
  if (amount > max)
    return 0;
  return 1;
}

// The fee for a withdrawal: savings accounts pay after three withdrawals
// a month; checking accounts pay by the amount's tier.
int withdrawal_fee(const struct account *a, int amount) {
  if (a->kind == SAVINGS)
    return a->withdrawals >= 3 ? 5 : 0;
  if (amount < SMALL)
    return 1;
  if (amount < LARGE)
    return 2;
  return 4;
}

// Screening: large transactions are reported once each.
void screen(struct account *a, int amount) {
  if (amount >= LARGE)
    ++a->reported;
}

int deposit(struct account *a, int amount) {
  if (a->frozen)
    return REFUSED;
  if (!valid_amount(amount, MAX_DEPOSIT))
    return INVALID;
  screen(a, amount);
  int was_negative = a->balance < 0;
  a->balance += amount;
  if (was_negative && a->balance >= 0)
    --a->overdrawn; // back in credit
  return OK;
}

int withdraw(struct account *a, int amount) {
  if (a->frozen)
    return REFUSED;
  if (!valid_amount(amount, MAX_WITHDRAWAL))
    return INVALID;
  if (a->withdrawn + amount > DAILY_LIMIT)
    return OVER_LIMIT;
  int fee = withdrawal_fee(a, amount);
  if (a->balance - amount - fee < -a->overdraft)
    return INSUFFICIENT;
  screen(a, amount);
  int was_negative = a->balance < 0;
  a->balance -= amount + fee;
  a->withdrawn += amount;
  a->fees += fee;
  ++a->withdrawals;
  if (!was_negative && a->balance < 0)
    ++a->overdrawn;
  return OK;
}

int main(void) {
  // Four accounts, and a teller's queue of 16 requests: the account, the
  // kind of request and the range of its amount.
  enum { D, W };
  static const int who[16] = {0, 1, 2, 3, 0, 1, 2, 3, 1, 0, 3, 2, 0, 1, 2, 3};
  static const int op[16] = {W, D, W, W, W, W, D, W, W, D, W, W, W, W, W, D};
  static const int lo[16] = {50,  300, 100, 20,  600, 200, 400, 40,
                             150, 900, 30,  250, 100, 80,  700, 100};
  static const int hi[16] = {90,  500, 300, 60,  700, 350, 600, 90,
                             400, 1100, 60, 400, 250, 120, 900, 300};
  struct account accts[4] = {
      {CHECKING, 0, 250, 200, 0, 0, 0, 0, 0},
      {SAVINGS, 0, 1200, 0, 0, 2, 0, 0, 0},
      {CHECKING, 0, 900, 500, 0, 0, 0, 0, 0},
      {SAVINGS, 0, 300, 0, 0, 0, 0, 0, 0},
  };
  int refused = 0;
  for (int i = 0; i < 16; ++i) {
    int amount;
    cosmo_symbolic(&amount, sizeof amount, "amount");
    cosmo_assume(amount >= lo[i] & amount <= hi[i]);
    struct account *a = &accts[who[i]];
    int r = op[i] == D ? deposit(a, amount) : withdraw(a, amount);
    refused += r != OK;
  }
  for (int k = 0; k < 4; ++k) {
    cosmo_assert(accts[k].balance >= -accts[k].overdraft);
    cosmo_assert(accts[k].withdrawn <= DAILY_LIMIT);
  }
  return refused;
}
