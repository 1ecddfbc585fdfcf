# Writes OUT, a C++ source defining the bytes of IN as `const unsigned char SYMBOL[]` and its size
# `const std::size_t SYMBOL_Size` in namespace NAMESPACE (a network built into the binary). A
# missing IN gives an empty array: the program then says it has no built-in network.
# cmake -DIN=file -DOUT=file.cpp -DNAMESPACE=ns -DSYMBOL=kName -P tools/embed_file.cmake
if(EXISTS "${IN}")
  file(READ "${IN}" hex HEX)
else()
  set(hex "")
endif()
string(LENGTH "${hex}" length)
math(EXPR size "${length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "((0x..,){32})" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.tmp"
  "// Generated from ${IN} by tools/embed_file.cmake; do not edit.\n"
  "#include <cstddef>\n"
  "namespace ${NAMESPACE} {\n"
  "extern const unsigned char ${SYMBOL}[];\n"
  "extern const std::size_t ${SYMBOL}Size;\n"
  "alignas(64) const unsigned char ${SYMBOL}[] = {${bytes} 0};\n"
  "const std::size_t ${SYMBOL}Size = ${size};\n"
  "}\n")
file(RENAME "${OUT}.tmp" "${OUT}")
