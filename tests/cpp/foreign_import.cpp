// Declares a function the runner does not provide: the module then imports it.
#include <cstdio>

__attribute__((import_module("env"), import_name("reach_the_page"))) void reach_the_page(int);

int main() {
  reach_the_page(1);
  puts("reached");
}
