// std::ostringstream, std::istringstream and std::stringstream (runtime/cxx/sstream.cpp): the
// iostream inserters' formatting into the stream's string, str() and str(s) with libstdc++'s
// write positions, clear(), >> of integers, characters and strings, std::getline, and
// destruction without leaks (a long string is on the heap). Each result is asserted, so a wrong
// character is an assertion failure. Also compiled with optimisation, where the program inlines
// str() and the destructors and reads the stream's layout itself.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %clangxx -O2 -g -emit-llvm -c %s -o %t.bc
// RUN: %bporcheck %t.bc | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
#include <cassert>
#include <iomanip>
#include <sstream>
#include <string>

int main() {
  std::ostringstream os;
  os << 42 << ' ' << -7 << ' ' << -123456789012LL << ' ' << 4000000000u;
  assert(os.str() == "42 -7 -123456789012 4000000000");

  os.str("");
  os << std::hex << 255 << ' ' << std::showbase << std::uppercase << 255 << std::dec
     << std::noshowbase << std::nouppercase << ' ' << std::oct << 8 << std::dec;
  assert(os.str() == "ff 0XFF 10");

  os.str("");
  os << '[' << std::setw(5) << 3 << "][" << std::setw(6) << std::setfill('*') << std::left
     << "ab" << ']' << std::right << std::setfill(' ');
  assert(os.str() == "[    3][ab****]");

  os.str("");
  os << 3.5 << ' ' << std::setprecision(3) << 3.14159 << ' ' << std::fixed << 2.0 << ' '
     << std::scientific << 1234.5 << std::defaultfloat << std::setprecision(6);
  assert(os.str() == "3.5 3.14 2.000 1.234e+03");

  os.str("");
  os << true << ' ' << std::boolalpha << true << ' ' << false << std::noboolalpha;
  assert(os.str() == "1 true false");

  // Strings, characters, std::endl; the text outgrows the string's local buffer.
  std::string name = "thread";
  os.str("");
  os << name << '-' << 'x' << " and a longer tail" << std::endl;
  const std::string built = os.str();
  assert(built == "thread-x and a longer tail\n");

  // str(s) writes from the start, over the old text; `app` always at the end.
  os.str("hello");
  os << "ab";
  assert(os.str() == "abllo");
  std::ostringstream appended("pre", std::ios_base::app);
  appended << 1 << '+';
  assert(appended.str() == "pre1+");
  std::ostringstream atEnd("pre", std::ios_base::ate);
  atEnd << 2;
  assert(atEnd.str() == "pre2");

  // The state: clear() resets it; a failed read sets failbit and eofbit.
  std::stringstream ss;
  ss << 12 << ' ' << "word -5 x 077";
  int n = 0;
  std::string word;
  long l = 0;
  char c = 0;
  ss >> n >> word >> l >> c >> std::oct >> n;
  assert(n == 63 && word == "word" && l == -5 && c == 'x' && ss.eof() && !ss.fail());
  ss >> n;
  assert(ss.fail() && !ss.good());
  ss.clear();
  assert(ss.good());
  assert(ss.str() == "12 word -5 x 077");

  std::istringstream lines("a,b\nsecond line");
  std::string part;
  std::getline(lines, part, ',');
  assert(part == "a");
  std::getline(lines, part);
  assert(part == "b");
  std::getline(lines, part);
  assert(part == "second line" && lines.eof());
  int bad = 1;
  std::istringstream notNumber("x1");
  notNumber >> bad;
  assert(bad == 0 && notNumber.fail());

  // Through a pointer, destroyed by the virtual destructor.
  auto *heap = new std::ostringstream;
  *heap << -0.25 << " on the heap, long enough";
  assert(heap->str() == "-0.25 on the heap, long enough");
  delete heap;
  return 0;
}
