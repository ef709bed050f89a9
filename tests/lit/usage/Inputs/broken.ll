define i32 @main() {
  %x = add i32 1
  ret i32 %x
}
